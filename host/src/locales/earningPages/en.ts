import type { TextsOf } from '@fandeck/widgets/i18n';
import type earningPages from './pt-BR.js';

/** Host site: the creator's earnings and referrals: English. */
export default {
  title: 'Earnings',
  stats: {
    net: 'Your earnings',
    gross: 'Paid by fans',
    commission: 'Platform commission',
    available: 'Available to withdraw',
    pending: 'Being paid out',
    paid: 'Paid out',
  },
  toPayouts: 'Request a payout',
  listTitle: 'Each earning',
  type: 'Type',
  allTypes: 'All',
  sources: {
    subscription: 'Subscription',
    tip: 'Tip',
    feed: 'Post',
    video: 'Video',
    gallery: 'Gallery',
    product: 'Product',
    message: 'Message',
    stream: 'Live stream',
    other: 'Other',
  },
  empty: 'You have no earnings yet.',
  emptyType: 'No earnings of this type.',
  columns: {
    date: 'Date',
    type: 'Type',
    from: 'From',
    gross: 'Amount paid',
    commission: 'Commission',
    net: 'Your earning',
  },
  referrals: {
    title: 'Referrals',
    intro: 'Share your link: whoever signs up through it earns you a commission on what they spend or sell on the platform.',
    code: 'Your code:',
    link: 'Referral link',
    copy: 'Copy link',
    copied: 'Link copied.',
    copyManually: 'Could not copy. The link is selected: copy it by hand.',
    earningsTitle: 'Referral earnings',
    total: 'Total commissions',
    count: 'Commissions received',
    referred: 'Referred',
    empty: 'No referral commissions yet.',
  },
} satisfies TextsOf<typeof earningPages>;
