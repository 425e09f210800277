// Demo wallets: alice and bob start with activated accounts (the pay password below, documented in the
// README's demo section) and 1000.00 each, granted from the issuance account, so a newcomer can pay at once.
import type { IdentityService } from '../identity';
import type { AccountService } from './accounts';
import type { WalletAdmin } from './admin';

export const DEMO_PAY_PASSWORD = '123456';
export const DEMO_WALLET_USERS = ['alice', 'bob'] as const;
const DEMO_BALANCE_CENTS = 100_000;

export async function loadDemoWallets({
  identity,
  walletAccounts,
  walletAdmin,
}: {
  identity: Pick<IdentityService, 'resolveUser'>;
  walletAccounts: AccountService;
  walletAdmin: WalletAdmin;
}): Promise<void> {
  for (const username of DEMO_WALLET_USERS) {
    const user = await identity.resolveUser(username);
    await walletAccounts.presetPayPassword(user.userId, DEMO_PAY_PASSWORD);
    await walletAdmin.grant(user.userId, DEMO_BALANCE_CENTS, 'demo data');
  }
}
