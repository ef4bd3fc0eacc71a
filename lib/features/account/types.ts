/** What the person's own security section shows. */
export interface AccountSecurity {
  email: string;
  secondFactor: { enabled: boolean; enabledAt: string | null; recoveryCodesLeft: number };
  /** The person's role must sign in with a second factor (an admin's setting). */
  secondFactorRequired: boolean;
}

export interface EnrolmentData {
  secret: string;
  qrDataUrl: string;
}

export interface RecoveryCodesData {
  recoveryCodes: string[];
}
