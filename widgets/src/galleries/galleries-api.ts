/** Galleries and their photos as `/performer-assets/...` answers them (server galleries.presenter.ts). */
export interface Picture {
  width: number | null;
  height: number | null;
  /** A tiny blurred picture: all a locked photo shows. */
  placeholder: string | null;
  /** The largest size, as a link for this viewer; null while locked. */
  url: string | null;
  sizes: Record<string, { url: string; width: number; height: number }> | null;
}

export interface Photo extends Picture {
  _id: string;
  galleryId: string;
  title: string;
  description: string;
  status: string;
  createdAt: string;
}

export interface Gallery {
  _id: string;
  performerId: string;
  title: string;
  description: string;
  status: string;
  isSale: boolean;
  /** Tokens; 0 when free. */
  price: number;
  /** Only the creator's active subscribers see its photos (when not for sale); see `locksForSubscribers`. */
  subscribersOnly: boolean;
  isBought: boolean;
  locked: boolean;
  coverPhoto: (Picture & { _id: string }) | null;
  numOfItems: number;
  createdAt: string;
  performer: { _id: string; username: string | null; name: string | null; avatar: string };
}

export function isGallery(value: unknown): value is Gallery {
  const gallery = value as Partial<Gallery> | null;
  return typeof gallery?._id === 'string' && typeof gallery.locked === 'boolean' && typeof gallery.title === 'string';
}
