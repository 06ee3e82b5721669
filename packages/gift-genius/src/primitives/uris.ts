export const GIFT_URI_TEMPLATE = 'gift://catalog/{id}';
const GIFT_URI = /^gift:\/\/catalog\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;

export const giftUri = (id: string) => `gift://catalog/${id}`;

export function giftIdFromUri(uri: string): string | undefined {
  return GIFT_URI.exec(uri)?.[1];
}
