/**
 * Live gifts (issue 24): the catalogue staff set (a name, an emoji or an image, a price), and
 * what a live room hears when a fan tips or sends a gift in it. Decimal units, ISO dates,
 * inside the `{ status: 0, data }` envelope. Types only.
 */

/** A gift of the catalogue. `hidden` gifts are listed to staff only and cannot be sent. */
export interface GiftDto {
  _id: string;
  name: string;
  /** What the chat line and the picker draw (`🌹`); `imageUrl` is drawn instead when set. */
  emoji: string;
  imageUrl: string | null;
  price: number;
  /** Smaller first in the picker. */
  ordering: number;
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
}

/** `POST /admin/gifts` body (staff holding `stream.create`). */
export interface GiftBody {
  name: string;
  emoji: string;
  imageUrl?: string | null;
  price: number;
  ordering?: number;
  hidden?: boolean;
}

/** `PUT /admin/gifts/:id` body (staff holding `stream.update`): the fields to change; `hidden: true` hides it. */
export type GiftPatch = Partial<GiftBody>;

/** The body of the money action `charge:gift` (`POST /wallet/charges/gift/:giftId`): the live stream it is sent in. */
export interface SendGiftBody {
  streamId: string;
}

/**
 * `stream-support`, to the room `stream:{id}` (every viewer and the creator): a fan tipped in
 * the stream's chat or sent a gift, once it is paid. Clients show it as a line of the chat.
 */
export interface StreamSupportEvent {
  kind: 'tip' | 'gift';
  /** The wallet charge: one line per charge, however often the event arrives. */
  chargeId: string;
  streamId: string;
  conversationId: string;
  sender: { _id: string; name: string; username: string | null };
  /** What the fan paid, decimal units. */
  amount: number;
  gift: { _id: string; name: string; emoji: string; imageUrl: string | null } | null;
  createdAt: string;
}
