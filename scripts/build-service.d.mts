export declare const SERVICE_BUNDLE: string;
export declare const SERVICE_SOURCES: string[];
export declare function buildService(): Promise<void>;
