import { checkoutPage } from './checkout';
import { claimPage } from './claim';
import { payPage } from './pay';
import { recoverPage } from './recover';
import { verifyPage } from './verify';

/**
 * The program of the first-party pages (`/checkout`, `/claim`, `/recover`, `/verify-recovery-email`,
 * `/checkout/pay/{id}`): one bundle, inlined into each page under its CSP nonce; the page says which
 * it is in `<body data-page>`.
 */
const PAGES: Readonly<Record<string, () => Promise<void>>> = {
  checkout: checkoutPage,
  claim: claimPage,
  recover: recoverPage,
  verify: verifyPage,
  pay: payPage,
};

await PAGES[document.body.dataset['page'] ?? '']?.();
