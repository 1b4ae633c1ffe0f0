export declare const SERVICE_BUNDLE: string;
export declare const SERVICE_INPUTS: string;
export declare function buildService(outfile?: string): Promise<void>;
