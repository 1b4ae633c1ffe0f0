interface ImportMetaEnv {
  /** The public origin from the SITE_URL build env, without a trailing slash (config/site-url.mjs). */
  readonly SITE_URL: string;
}
