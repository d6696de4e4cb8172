import type { Scope } from '../../../../src/schemas';
import { act } from './actions';
import { type Answer, call } from './client';
import { button, byId, fill, h } from './dom';
import { day } from './format';
import { secret } from './message';
import { selection } from './selection';

/** The accounts panel: every account with its keys' records (never a key); one account's status, plan, mailbox and keys, revoked here. */

type Account = Answer<'accounts.list'>[number];
type Key = Account['keys'][number];

/** Keeps a select's options equal to `values` (with a leading "any" when given), and its choice if still offered. */
function syncOptions(select: HTMLSelectElement, values: readonly string[], any?: string): void {
  const wanted = any === undefined ? values : ['', ...values];
  const current = [...select.options].map((o) => o.value);
  if (current.length !== wanted.length || wanted.some((v, i) => current[i] !== v)) {
    const chosen = select.value;
    select.replaceChildren(...wanted.map((v) => h('option', { value: v, text: v === '' ? (any ?? '') : v })));
    select.value = wanted.includes(chosen) ? chosen : (wanted[0] ?? '');
  }
}

const keyLine = (k: Key) =>
  h(
    'div',
    { class: k.status === 'revoked' ? 'revoked' : '' },
    h('code', { text: `${k.prefix}…` }),
    ` ${k.name} `,
    h('span', { class: 'scopes', text: k.scopes.join(' + ') }),
    k.last_used_at ? h('span', { class: 'muted', text: ` · used ${day(k.last_used_at)}` }) : null,
  );

/** Opens an account's detail with its current status, plan and mailbox in the form. */
function openAccount(account: Account): void {
  selection.managing = account.email;
  selection.account = account.email;
  byId('account-detail', HTMLElement).hidden = false;
  byId('account-detail-email', HTMLElement).textContent = account.email;
  byId('account-status', HTMLSelectElement).value = account.status;
  byId('account-plan-edit', HTMLSelectElement).value = account.plan;
  byId('account-mailbox', HTMLInputElement).value = account.email;
  renderKeys(account);
}

function revoke(key: Key): void {
  void act(`Revoking ${key.prefix}…`, async () => {
    const revoked = await call('keys.revoke', { params: { id: key.id } });
    return `Revoked ${revoked.prefix}… (${revoked.name})`;
  });
}

function renderKeys(account: Account): void {
  const rows = account.keys.map((k) =>
    h(
      'tr',
      { 'data-key': k.id, class: k.status === 'revoked' ? 'revoked' : '' },
      h('td', {}, h('code', { text: `${k.prefix}…` })),
      h('td', { text: k.name }),
      h('td', { class: 'scopes', text: k.scopes.join(' + ') }),
      h('td', { text: k.status }),
      h('td', { text: day(k.created_at) }),
      h('td', { text: k.last_used_at ? day(k.last_used_at) : 'never' }),
      h('td', {}, k.status === 'active' ? button('revoke', () => revoke(k), { class: 'danger' }) : ''),
    ),
  );
  fill(byId('account-keys', HTMLTableElement), rows, 7, 'no key');
}

export function renderAccounts(accounts: readonly Account[]): void {
  fill(
    byId('accounts', HTMLTableElement),
    accounts.map((a) =>
      h(
        'tr',
        { 'data-email': a.email, class: a.email === selection.managing ? 'selected' : '' },
        h('td', { text: a.email }),
        h('td', { text: a.plan }),
        h('td', { text: a.status }),
        h('td', { text: a.recovery_email_verified ? 'verified' : 'not verified' }),
        h('td', {}, a.keys.map(keyLine)),
        h(
          'td',
          {},
          button('manage', () => openAccount(a)),
        ),
      ),
    ),
    6,
    'no account',
  );
  const emails = accounts.map((a) => a.email);
  if (!emails.includes(selection.account)) selection.account = emails[0] ?? '';
  const credit = byId('credit-account', HTMLSelectElement);
  syncOptions(credit, emails);
  credit.value = selection.account;
  syncOptions(byId('request-account', HTMLSelectElement), emails, 'any');
  const managed = accounts.find((a) => a.email === selection.managing);
  if (managed) renderKeys(managed);
  else {
    selection.managing = '';
    byId('account-detail', HTMLElement).hidden = true;
  }
}

/** The scopes ticked in the new-key form. */
function scopesChosen(): Scope[] {
  const scopes: Scope[] = [];
  if (byId('key-scope-read', HTMLInputElement).checked) scopes.push('data:read');
  if (byId('key-scope-manage', HTMLInputElement).checked) scopes.push('account:manage');
  return scopes;
}

export function wireAccounts(redraw: () => void): void {
  byId('credit-account', HTMLSelectElement).addEventListener('change', (event) => {
    selection.account = (event.target as HTMLSelectElement).value;
    redraw();
  });
  byId('account-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const email = byId('account-email', HTMLInputElement).value.trim();
    const body = {
      email,
      plan: byId('account-plan', HTMLSelectElement).value,
      recovery_email_verified: byId('account-verified', HTMLInputElement).checked,
    };
    void act('Creating the account', async () => {
      const created = await call('accounts.create', { body });
      return { text: `Created ${created.email}: its key (shown once) is`, extra: secret(created.api_key) };
    });
  });
  byId('account-edit-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const email = selection.managing;
    const mailbox = byId('account-mailbox', HTMLInputElement).value.trim();
    const change = {
      status: byId('account-status', HTMLSelectElement).value as Account['status'],
      plan: byId('account-plan-edit', HTMLSelectElement).value,
      ...(mailbox.toLowerCase() === email.toLowerCase() ? {} : { email: mailbox }),
    };
    void act(`Changing ${email}`, async () => {
      const updated = await call('accounts.update', { params: { email }, body: change });
      selection.managing = updated.email;
      selection.account = updated.email;
      byId('account-detail-email', HTMLElement).textContent = updated.email;
      return `Saved ${updated.email}: ${change.status}, ${change.plan}`;
    });
  });
  byId('key-form', HTMLFormElement).addEventListener('submit', (event) => {
    event.preventDefault();
    const email = selection.managing;
    const name = byId('key-name', HTMLInputElement).value.trim() || 'Key';
    const scopes = scopesChosen();
    void act('Adding the key', async () => {
      const created = await call('keys.create', { params: { email }, body: { name, scopes } });
      return { text: `Added the key ${name} to ${email} (shown once):`, extra: secret(created.api_key) };
    });
  });
}
