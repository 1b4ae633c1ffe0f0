/**
 * The enrolment QR code, as an SVG document the page shows inline: no image
 * request, nothing for a cache or a proxy to keep.
 */
import QRCode from 'qrcode';

export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
