export declare const DEFAULT_SITE_URL: string;
export declare function readSiteUrl(env?: Record<string, string | undefined>): string;
export declare function siteUrlChange(distDir: string, env?: Record<string, string | undefined>): string | null;
