/** The brand's facts live in contract/brand.ts, which the service reads too (the visitor's acknowledgement names the firm's channels). */
export { BRAND, whatsappDeepLink } from '../../contract/brand';
