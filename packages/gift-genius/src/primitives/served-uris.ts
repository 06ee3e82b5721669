import type { GiftGenApp } from '../app.js';
import { widgetResource } from '../widget/meta.js';
import { giftIdFromUri } from './uris.js';

/**
 * Whether `uri` names a resource this server serves now: a catalog item of the current snapshot,
 * or the widget. What a client may subscribe to (legacy `resources/subscribe`, modern listen
 * filters): a subscription to anything else would only hold memory and never fire.
 */
export function servesResource(app: GiftGenApp, uri: string): boolean {
  if (uri.startsWith('ui://')) return uri === widgetUri();
  const id = giftIdFromUri(uri);
  return id !== undefined && app.hasGift(id);
}

let widget: string | undefined;
function widgetUri(): string {
  widget ??= widgetResource().uri;
  return widget;
}
