export declare const root: string;
export declare const DEV_BUILD_DIR: string;
export declare function staleness(built: string, sources: string[]): string | null;
export declare function siteSources(): string[];
export declare function siteBuildStaleness(dir: string): string | null;
