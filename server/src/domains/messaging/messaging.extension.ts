/**
 * The messaging domain's extension point, declared before its implementation so mass and
 * automatic messages (and later stream chat) build against one interface.
 */
import type { MessageDto } from '@fandeck/contract';

export interface DirectMessageInput {
  /** The creator sending. */
  senderId: string;
  /** The fan receiving; the private conversation between them is opened if needed. */
  recipientId: string;
  /**
   * Makes the send idempotent: (senderId, clientId) is stored once. Mass messages use
   * `mass-<massId>-<recipientId>`, automatic ones `auto-<autoMessageId>-<event id>`.
   */
  clientId: string;
  text: string;
  priceCents: number;
  /** Files owned by the sender; the same file may be carried by many messages. */
  fileIds: string[];
  massId?: string;
  autoMessageId?: string;
}

export interface MessagingExtension {
  /**
   * Stores one message from sender to recipient in one transaction, then sends
   * `message_created` to both. A blocked recipient is skipped (`{ skipped: 'blocked' }`).
   * Repeating the same clientId answers the stored message with `created: false`.
   */
  sendDirect(input: DirectMessageInput): Promise<{ message: MessageDto; created: boolean } | { skipped: 'blocked' }>;
}

declare module '../plugin.js' {
  interface DomainExtensions {
    messaging: MessagingExtension;
  }
}
