import type http from 'node:http';

export interface Delivery {
  event: 'enquiry.created' | 'enquiry.reminder' | 'alert.test';
  deliveryId: string;
  enquiry: Record<string, unknown> & { id: string };
}

export declare const TOLERANCE_SECONDS: number;
export declare function verifySignature(
  rawBody: Uint8Array,
  header: string | string[] | undefined,
  secret: string,
  nowSeconds: number,
): boolean;
export declare function createReceiver(options: {
  secret: string;
  onDelivery: (delivery: Delivery) => unknown;
  now?: () => number;
}): http.Server;
