import { describe, expect, it } from 'vitest';
import {
  AccountRecoveryAccepted,
  AccountRecoveryClaimRequest,
  AccountRecoveryRequest,
  AccountRecoverySuccess,
  CheckoutIntentRequest,
  CheckoutIntentResponse,
  ClaimPending,
  ClaimRequest,
  ClaimResponse,
  ClaimSuccess,
  ClaimToken,
  EmptyBody,
  RecoveryEmailVerificationAccepted,
  RecoveryEmailVerificationRequest,
  RecoveryEmailVerificationSuccess,
  RecoveryToken,
  ResumeToken,
  VerificationToken,
} from '../../src/schemas';
import { expectFail, expectOk, randomToken, token, tokenContract } from './fixtures';

const apiKey = 'svc_live_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4Z';
const resume = `res_${'Zz9_-'.repeat(9).slice(0, 42)}B`;

describe('ClaimToken (clm_)', () => {
  tokenContract(ClaimToken, 'clm_', 'rcv_');
});
describe('RecoveryToken (rcv_)', () => {
  tokenContract(RecoveryToken, 'rcv_', 'emv_');
});
describe('VerificationToken (emv_)', () => {
  tokenContract(VerificationToken, 'emv_', 'clm_');
});

describe('ResumeToken (res_ + 43 base64url characters)', () => {
  it('accepts 43 base64url characters with any last character', () => {
    expectOk(ResumeToken, resume);
    expectOk(ResumeToken, token('res_', 'A'));
    expectOk(ResumeToken, token('res_', '_'));
    expectOk(ResumeToken, randomToken('res_'));
  });

  it('rejects 42 or 44 characters, non-base64url characters and another prefix', () => {
    expectFail(ResumeToken, `res_${'a'.repeat(42)}`);
    expectFail(ResumeToken, `res_${'a'.repeat(44)}`);
    expectFail(ResumeToken, `res_${'a'.repeat(42)}+`);
    expectFail(ResumeToken, `res_${'a'.repeat(42)}=`);
    expectFail(ResumeToken, `clm_${'a'.repeat(43)}`);
    expectFail(ResumeToken, 'a'.repeat(43));
  });
});

describe('AccountRecoveryRequest (docs/service.md, Credential delivery)', () => {
  const body = { email: 'ops@example.com', challenge_token: 'cf-turnstile.0x4AAAA.token' };

  it('accepts an email and a challenge token', () => {
    expect(expectOk(AccountRecoveryRequest, body)).toEqual(body);
  });

  it('email: valid format, at most 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(at254).toHaveLength(254);
    expectOk(AccountRecoveryRequest, { ...body, email: at254 });
    const at255 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(at255).toHaveLength(255);
    expectFail(AccountRecoveryRequest, { ...body, email: at255 }, ['email']);
    expectFail(AccountRecoveryRequest, { ...body, email: 'not an email' }, ['email']);
  });

  it('challenge_token: at most 2048 characters', () => {
    expectOk(AccountRecoveryRequest, { ...body, challenge_token: 'x'.repeat(2048) });
    expectFail(AccountRecoveryRequest, { ...body, challenge_token: 'x'.repeat(2049) }, ['challenge_token']);
  });

  it('both fields are required', () => {
    expectFail(AccountRecoveryRequest, { email: body.email }, ['challenge_token']);
    expectFail(AccountRecoveryRequest, { challenge_token: body.challenge_token }, ['email']);
  });

  it('is strict: an unknown field is rejected', () => {
    expectFail(AccountRecoveryRequest, { ...body, redirect_url: 'https://evil.example' });
  });
});

describe('AccountRecoveryAccepted', () => {
  it("status is the constant 'accepted' and message is required", () => {
    expectOk(AccountRecoveryAccepted, { status: 'accepted', message: 'If the address is eligible, a link is on its way.' });
    expectFail(AccountRecoveryAccepted, { status: 'queued', message: 'x' }, ['status']);
    expectFail(AccountRecoveryAccepted, { status: 'accepted' }, ['message']);
  });
});

describe('AccountRecoveryClaimRequest', () => {
  it('accepts a recovery token', () => {
    expectOk(AccountRecoveryClaimRequest, { recovery_token: token('rcv_', 'w') });
  });

  it('rejects a bad last character, a claim token, a missing token and unknown fields', () => {
    expectFail(AccountRecoveryClaimRequest, { recovery_token: token('rcv_', 'B') }, ['recovery_token']);
    expectFail(AccountRecoveryClaimRequest, { recovery_token: token('clm_') }, ['recovery_token']);
    expectFail(AccountRecoveryClaimRequest, {}, ['recovery_token']);
    expectFail(AccountRecoveryClaimRequest, { recovery_token: token('rcv_'), email: 'a@b.co' });
  });
});

describe('AccountRecoverySuccess', () => {
  const success = {
    api_key: apiKey,
    scopes: ['data:read', 'account:manage'],
    recovery_expires_at: '2026-11-21T18:10:00Z',
    message: 'Every previous key is revoked.',
  };

  it('accepts the replacement key answer', () => {
    expect(expectOk(AccountRecoverySuccess, success)).toEqual(success);
  });

  it('requires every field', () => {
    for (const key of Object.keys(success)) {
      const { [key as keyof typeof success]: _omitted, ...rest } = success;
      expectFail(AccountRecoverySuccess, rest, [key]);
    }
  });
});

describe('CheckoutIntentRequest', () => {
  it('accepts an empty object or a resume token', () => {
    expect(expectOk(CheckoutIntentRequest, {})).toEqual({});
    expect(expectOk(CheckoutIntentRequest, { resume_token: resume })).toEqual({ resume_token: resume });
  });

  it('rejects a malformed resume token and unknown fields', () => {
    expectFail(CheckoutIntentRequest, { resume_token: 'res_short' }, ['resume_token']);
    expectFail(CheckoutIntentRequest, { plan: 'pro' });
  });
});

describe('CheckoutIntentResponse', () => {
  it('accepts open with a checkout_url, complete with next_url /claim, and closed', () => {
    expectOk(CheckoutIntentResponse, { status: 'open', checkout_url: 'https://checkout.example.com/c/pay/cs_123' });
    expectOk(CheckoutIntentResponse, { status: 'complete', next_url: '/claim' });
    expectOk(CheckoutIntentResponse, { status: 'closed' });
  });

  it("next_url may only be '/claim'", () => {
    for (const bad of ['/checkout', '/claim/', 'https://example.com/claim', '']) {
      expectFail(CheckoutIntentResponse, { status: 'complete', next_url: bad }, ['next_url']);
    }
  });

  it('status is open, complete or closed; checkout_url is a URL', () => {
    expectFail(CheckoutIntentResponse, { status: 'pending' }, ['status']);
    expectFail(CheckoutIntentResponse, {}, ['status']);
    expectFail(CheckoutIntentResponse, { status: 'open', checkout_url: 'not a url' }, ['checkout_url']);
  });
});

describe('ClaimRequest (exactly one of {claim_token} or {})', () => {
  it('accepts a claim token', () => {
    const body = { claim_token: token('clm_', '8') };
    expect(expectOk(ClaimRequest, body)).toEqual(body);
  });

  it('accepts an empty object (cookie credential)', () => {
    expect(expectOk(ClaimRequest, {})).toEqual({});
  });

  it('rejects a claim token together with another field', () => {
    expectFail(ClaimRequest, { claim_token: token('clm_'), resume_token: resume });
    expectFail(ClaimRequest, { claim_token: token('clm_'), email: 'a@b.co' });
  });

  it('rejects an unknown field alone', () => {
    expectFail(ClaimRequest, { token: token('clm_') });
    expectFail(ClaimRequest, { resume_token: resume });
  });

  it('rejects an empty, malformed or wrong-prefix claim token', () => {
    expectFail(ClaimRequest, { claim_token: '' });
    expectFail(ClaimRequest, { claim_token: token('clm_', 'B') });
    expectFail(ClaimRequest, { claim_token: token('rcv_') });
    expectFail(ClaimRequest, { claim_token: null });
  });
});

describe('ClaimSuccess, ClaimPending and ClaimResponse', () => {
  const success = {
    api_key: apiKey,
    scopes: ['data:read', 'account:manage'],
    email: 'ops@example.com',
    plan: 'starter',
    docs_url: 'https://docs.example.com/quickstart',
  };
  const pending = { status: 'claim_pending', message: 'Payment is still being confirmed.' };

  it('accepts a success with every field, and requires each', () => {
    expect(expectOk(ClaimSuccess, success)).toEqual(success);
    for (const key of Object.keys(success)) {
      const { [key as keyof typeof success]: _omitted, ...rest } = success;
      expectFail(ClaimSuccess, rest, [key]);
    }
  });

  it('refuses a malformed key, email or docs_url', () => {
    expectFail(ClaimSuccess, { ...success, api_key: 'sk_live_x' }, ['api_key']);
    expectFail(ClaimSuccess, { ...success, email: 'nobody' }, ['email']);
    expectFail(ClaimSuccess, { ...success, docs_url: 'docs' }, ['docs_url']);
  });

  it("ClaimPending: status is the constant 'claim_pending' and message is required", () => {
    expectOk(ClaimPending, pending);
    expectFail(ClaimPending, { ...pending, status: 'pending' }, ['status']);
    expectFail(ClaimPending, { status: 'claim_pending' }, ['message']);
  });

  it('ClaimResponse accepts either answer and nothing else', () => {
    expectOk(ClaimResponse, success);
    expectOk(ClaimResponse, pending);
    expectFail(ClaimResponse, { status: 'done', message: 'x' });
  });
});

describe('RecoveryEmailVerificationRequest', () => {
  it('accepts a verification token', () => {
    expectOk(RecoveryEmailVerificationRequest, { verification_token: token('emv_', 'g') });
  });

  it('rejects a bad last character, another prefix, a missing token and unknown fields', () => {
    expectFail(RecoveryEmailVerificationRequest, { verification_token: token('emv_', 'B') }, ['verification_token']);
    expectFail(RecoveryEmailVerificationRequest, { verification_token: token('rcv_') }, ['verification_token']);
    expectFail(RecoveryEmailVerificationRequest, {}, ['verification_token']);
    expectFail(RecoveryEmailVerificationRequest, { verification_token: token('emv_'), email: 'a@b.co' });
  });
});

describe('RecoveryEmailVerificationSuccess and Accepted', () => {
  const verified = {
    status: 'verified',
    recovery_email_verified: true,
    recovery_email_verified_at: '2026-11-21T18:00:00Z',
    message: 'Recovery is enabled for this mailbox.',
  };

  it('accepts a verification success and requires every field', () => {
    expect(expectOk(RecoveryEmailVerificationSuccess, verified)).toEqual(verified);
    for (const key of Object.keys(verified)) {
      const { [key as keyof typeof verified]: _omitted, ...rest } = verified;
      expectFail(RecoveryEmailVerificationSuccess, rest, [key]);
    }
  });

  it("status is the constant 'verified' and recovery_email_verified the constant true", () => {
    expectFail(RecoveryEmailVerificationSuccess, { ...verified, status: 'accepted' }, ['status']);
    expectFail(RecoveryEmailVerificationSuccess, { ...verified, recovery_email_verified: false }, ['recovery_email_verified']);
    expectFail(RecoveryEmailVerificationSuccess, { ...verified, recovery_email_verified_at: 'today' }, ['recovery_email_verified_at']);
  });

  it("Accepted: status 'accepted' and a message", () => {
    expectOk(RecoveryEmailVerificationAccepted, { status: 'accepted', message: 'If needed, a message is on its way.' });
    expectFail(RecoveryEmailVerificationAccepted, { status: 'verified', message: 'x' }, ['status']);
    expectFail(RecoveryEmailVerificationAccepted, { status: 'accepted' }, ['message']);
  });
});

describe('EmptyBody (resend body: exactly {})', () => {
  it('accepts {} and rejects any field', () => {
    expect(expectOk(EmptyBody, {})).toEqual({});
    expectFail(EmptyBody, { email: 'a@b.co' });
    expectFail(EmptyBody, null);
    expectFail(EmptyBody, []);
  });
});
