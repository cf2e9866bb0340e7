import type { PayoutRequestDto } from '@fandeck/contract';
import { demoFan } from '../../session/testing/fake-transport.js';

/** Ana signed in as a creator: the account the dashboard is for. */
export const creatorAccount = { ...demoFan, _id: 'creator-1', name: 'Ana Lima', username: 'ana.lima', isPerformer: true, role: 'performer' as const };

/** Ana's payout request of 60 by PIX, made on 5 March 2099 and waiting for review. */
export const pendingPayoutRequest: PayoutRequestDto = {
  _id: 'payout-1',
  performerId: 'creator-1',
  requestAmount: 60,
  status: 'pending',
  paymentAccountType: 'pix',
  paymentAccountInfo: null,
  requestNote: '',
  adminNote: '',
  reviewedAt: null,
  createdAt: '2099-03-05T12:00:00.000Z',
  updatedAt: '2099-03-05T12:00:00.000Z',
};
