/**
 * A creator's own settings as the API answers them: the profile (GET /performers/me), the
 * welcome video, the banking and payout gateway settings (PUT /performers/banking-settings,
 * PUT /performers/payment-gateway-settings). Types and the choice lists the forms offer.
 */

/** How GET /performers/me answers the creator's welcome video (performers.presenter.ts). */
export interface WelcomeVideo {
  _id: string;
  status: 'processing' | 'finished' | 'error';
  progress: number;
  duration: number | null;
  url: string | null;
  poster: string | null;
  placeholder: string | null;
}

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const PAYOUT_GATEWAYS = ['pix', 'stripe'] as const;
export type PayoutGateway = (typeof PAYOUT_GATEWAYS)[number];

/** What is stored, numbers masked but their last 4 (payout-settings.ts). */
export interface BankingSettings {
  pixKeyType: PixKeyType | null;
  pixKey: string | null;
  bankName: string | null;
  bankCode: string | null;
  agency: string | null;
  account: string | null;
  accountType: AccountType | null;
  holderName: string | null;
  holderDocument: string | null;
  updatedAt: string;
}

/** The answer of saving or removing one payout method: every method as it now stands (masked). */
export interface PayoutSettings {
  bankingSettings: BankingSettings | null;
  paymentGatewaySettings: PaymentGatewaySettings | null;
}

export interface PaymentGatewaySettings {
  gateway: PayoutGateway;
  stripeAccountId: string | null;
  hasPixKey: boolean;
  updatedAt: string;
}

export const BODY_ATTRIBUTES = ['height', 'weight', 'age', 'bodyType', 'ethnicity', 'size', 'hair', 'eyes'] as const;
export type BodyAttribute = (typeof BODY_ATTRIBUTES)[number];

/** The creator's own profile (GET /performers/me), as far as the settings read it. */
export type OwnProfile = {
  _id: string;
  username: string | null;
  name: string;
  bio: string;
  gender: string | null;
  country: string | null;
  city: string | null;
  state: string | null;
  dateOfBirth: string | null;
  sexualOrientation: string | null;
  languages: string[];
  categories: { _id: string; name: string; slug: string }[];
  monthlyPrice: number;
  quarterlyPrice: number;
  halfYearlyPrice: number;
  yearlyPrice: number;
  /** What a private call costs a fan (0: free). */
  privateCallPrice: number;
  isFreeSubscription: boolean;
  durationFreeSubscriptionDays: number;
  verifiedDocument: boolean;
  welcomeVideo: WelcomeVideo | null;
  bankingSettings: BankingSettings | null;
  paymentGatewaySettings: PaymentGatewaySettings | null;
} & Record<BodyAttribute, string | null>;
