/** The promise the site makes (spec section 8), in hours: the thank-you sentence and the page copy read it. */
export const RESPONSE_HOURS = 24;
