import { html, type SafeHtml } from '@gw/platform';
import { walletWarnings, type WalletStatus } from '@gw/application';
import { csrfField, notice, renderPage, type Chrome } from '@gw/dashboard-shell';

export interface WalletsView {
  chrome: Chrome;
  /** Every network a merchant can hold a watch-only wallet for, with its wallet if set. */
  /** `coins`: what the wallet's addresses are paid in, as the checkout names them (USDT on Tron (TRC-20)). */
  networks: { network: string; coins: string[]; status: WalletStatus | null }[];
  message: string | null;
  error: { network: string; text: string } | null;
}

export function renderWalletsPage(view: WalletsView): string {
  return renderPage({
    title: 'Wallets',
    chrome: view.chrome,
    body: html`<h1>Wallets</h1>
      <p>
        The gateway never holds a private key: paste your wallet's extended public key (xpub, zpub, tpub or
        vpub, or a <code>wpkh(…/0/*)</code> descriptor) and every payment gets the next receive address of
        that wallet.
      </p>
      ${notice(view.message)}
      ${view.networks.map(({ network, coins, status }) =>
        walletPanel(
          view.chrome.csrfToken,
          network,
          coins,
          status,
          view.error?.network === network ? view.error.text : null,
        ),
      )}`,
  });
}

function walletPanel(
  csrfToken: string,
  network: string,
  coins: string[],
  status: WalletStatus | null,
  error: string | null,
): SafeHtml {
  const id = `wallet-${network}`;
  return html`<section class="panel" aria-labelledby="${id}-title">
    <h2 id="${id}-title">${network.toUpperCase()}</h2>
    ${coins.length === 0 ? null : html`<p class="muted" data-paid-in>Paid in ${coins.join(', ')}</p>`}
    ${status === null ? html`<p>No wallet yet: ${network} payments cannot be paid to you.</p>` : walletFacts(status)}
    ${notice(error, 'error')}
    <form method="post" action="/dashboard/wallets/${network}">
      ${csrfField(csrfToken)}
      <label for="${id}-key"
        >${status === null ? 'Extended public key' : 'Replace with another extended public key'}</label
      >
      <textarea id="${id}-key" name="extended_public_key" rows="2" required spellcheck="false"></textarea>
      <button type="submit">${status === null ? 'Set wallet' : 'Replace wallet'}</button>
    </form>
    ${status === null ? null : removeForm(csrfToken, network)}
  </section>`;
}

function removeForm(csrfToken: string, network: string): SafeHtml {
  return html`<form method="post" action="/dashboard/wallets/${network}/remove" class="row">
    ${csrfField(csrfToken)}
    <label
      ><input type="checkbox" name="confirm" value="yes" required /> New ${network} payments are refused until
      I set a wallet again</label
    >
    <button type="submit" class="danger">Remove wallet</button>
  </form>`;
}

function walletFacts(status: WalletStatus): SafeHtml {
  return html`${walletWarnings(status).map((warning) => notice(warning, 'warn'))}
    <dl class="facts">
      <dt>Key</dt>
      <dd class="mono">${status.wallet.extendedPublicKey}</dd>
      <dt>Descriptor</dt>
      <dd class="mono">${status.wallet.descriptor}</dd>
      <dt>Addresses handed out</dt>
      <dd>${status.addressesHandedOut}</dd>
      <dt>Unused in a row</dt>
      <dd>${status.unusedInARow} (wallet apps stop scanning after ${status.gapLimit})</dd>
    </dl>
    ${skippedList(status)}
    <h3>First receive addresses</h3>
    <p class="muted">Compare them with the first receive addresses your wallet app shows.</p>
    <ol start="0" class="first-addresses">
      ${status.firstAddresses.map((address) => html`<li class="mono">${address}</li>`)}
    </ol>`;
}

/** Addresses the chain already showed history at when their turn came: never handed out. */
function skippedList(status: WalletStatus): SafeHtml | null {
  if (status.skippedAddresses.length === 0) return null;
  return html`<h3>Skipped addresses</h3>
    <p class="muted">
      These addresses already had transactions on the chain when their turn came (your wallet app used them,
      or the key was used before): no payment was given them.
    </p>
    <table class="skipped-addresses">
      <thead>
        <tr>
          <th scope="col">Index</th>
          <th scope="col">Address</th>
          <th scope="col">A transaction there</th>
          <th scope="col">Skipped at</th>
        </tr>
      </thead>
      <tbody>
        ${status.skippedAddresses.map(
          (skipped) =>
            html`<tr>
              <td>${skipped.index}</td>
              <td class="mono">${skipped.address}</td>
              <td class="mono">${skipped.txHash ?? '(balance or nonce)'}</td>
              <td>${skipped.at}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
}
