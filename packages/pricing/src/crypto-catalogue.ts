import type { CryptoCurrency, PaymentUriScheme } from './currency';
import { curatedNetworks } from './networks';

interface CoinListing {
  code: string;
  ticker: string;
  name: string;
  decimals: number;
  chainDecimals: number;
  priceUsd: string;
  minAmountUsd: string;
  withdrawFee: string;
  depositMin: string;
  isStable?: boolean;
  contractAddress?: string;
  aliases?: string[];
  /** Overrides the network's scheme where wallets do not understand it for this asset. */
  uriScheme?: PaymentUriScheme | null;
}

function listOn(networkCode: string, listings: CoinListing[]): CryptoCurrency[] {
  const network = curatedNetworks.find((candidate) => candidate.code === networkCode);
  if (!network) throw new Error(`Catalogue lists coins on unknown network ${networkCode}`);
  return listings.map((listing) => ({
    kind: 'crypto',
    code: listing.code,
    aliases: listing.aliases ?? [],
    ticker: listing.ticker,
    name: listing.name,
    network: network.code,
    networkName: network.name,
    paidOnName: listing.contractAddress === undefined ? network.chainName : network.name,
    addressFormat: network.addressFormat,
    evmChainId: network.evmChainId,
    decimals: listing.decimals,
    chainDecimals: listing.chainDecimals,
    isStable: listing.isStable ?? false,
    contractAddress: listing.contractAddress ?? null,
    logoUrl: `/static/coins/${listing.ticker}.svg`,
    priceUsd: listing.priceUsd,
    requiredConfirmations: network.requiredConfirmations,
    minAmountUsd: listing.minAmountUsd,
    withdrawFee: listing.withdrawFee,
    depositMin: listing.depositMin,
    uriScheme: listing.uriScheme === undefined ? network.uriScheme : listing.uriScheme,
  }));
}

const usdt = { ticker: 'usdt', isStable: true, priceUsd: '1.0002' };
const usdc = { ticker: 'usdc', isStable: true, priceUsd: '0.9999' };
const eth = { ticker: 'eth', decimals: 8, chainDecimals: 18, priceUsd: '3045.8' };

// Prices are a late-2025 snapshot. Minimums follow network costs: ERC-20 gas and TRC-20 energy make
// small deposits uneconomic, while XRP, Stellar and Polkadot need an account reserve to fund a new address.
// prettier-ignore
export const curatedCryptoCurrencies: readonly CryptoCurrency[] = [
  ...listOn('btc', [
    { code: 'btc', ticker: 'btc', name: 'Bitcoin', decimals: 8, chainDecimals: 8, priceUsd: '91250', minAmountUsd: '5', withdrawFee: '0.0001', depositMin: '0.00005' },
  ]),
  ...listOn('eth', [
    { ...eth, code: 'eth', name: 'Ethereum', minAmountUsd: '10', withdrawFee: '0.0008', depositMin: '0.002' },
    { ...usdt, code: 'usdterc20', name: 'Tether USD (ERC-20)', decimals: 6, chainDecimals: 6, minAmountUsd: '15', withdrawFee: '3', depositMin: '10', contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
    { ...usdc, code: 'usdc', aliases: ['usdcerc20'], name: 'USD Coin (ERC-20)', decimals: 6, chainDecimals: 6, minAmountUsd: '15', withdrawFee: '3', depositMin: '10', contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    { code: 'dai', ticker: 'dai', name: 'Dai', isStable: true, decimals: 8, chainDecimals: 18, priceUsd: '1.0001', minAmountUsd: '15', withdrawFee: '3', depositMin: '10', contractAddress: '0x6B175474E89094C44Da98b954EedeAC495271d0F' },
    { code: 'shib', ticker: 'shib', name: 'Shiba Inu (ERC-20)', decimals: 2, chainDecimals: 18, priceUsd: '0.00000862', minAmountUsd: '15', withdrawFee: '350000', depositMin: '1200000', contractAddress: '0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE' },
    { code: 'pepe', ticker: 'pepe', name: 'Pepe (ERC-20)', decimals: 2, chainDecimals: 18, priceUsd: '0.00000452', minAmountUsd: '15', withdrawFee: '700000', depositMin: '2500000', contractAddress: '0x6982508145454Ce325dDbE47a25d4ec3d2311933' },
    { code: 'link', ticker: 'link', name: 'Chainlink', decimals: 8, chainDecimals: 18, priceUsd: '13.2', minAmountUsd: '15', withdrawFee: '0.25', depositMin: '1', contractAddress: '0x514910771AF9Ca656af840dff83E8264EcF986CA' },
    { code: 'uni', ticker: 'uni', name: 'Uniswap', decimals: 8, chainDecimals: 18, priceUsd: '5.85', minAmountUsd: '15', withdrawFee: '0.6', depositMin: '2', contractAddress: '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984' },
  ]),
  ...listOn('bsc', [
    { code: 'bnbbsc', ticker: 'bnb', name: 'BNB (BEP-20)', decimals: 8, chainDecimals: 18, priceUsd: '885.4', minAmountUsd: '2', withdrawFee: '0.0005', depositMin: '0.002' },
    { ...usdt, code: 'usdtbsc', name: 'Tether USD (BEP-20)', decimals: 6, chainDecimals: 18, minAmountUsd: '2', withdrawFee: '0.3', depositMin: '1', contractAddress: '0x55d398326f99059fF775485246999027B3197955' },
    { ...usdc, code: 'usdcbsc', name: 'USD Coin (BEP-20)', decimals: 6, chainDecimals: 18, minAmountUsd: '2', withdrawFee: '0.3', depositMin: '1', contractAddress: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d' },
    { code: 'busdbsc', aliases: ['busd'], ticker: 'busd', name: 'Binance USD (BEP-20)', isStable: true, decimals: 6, chainDecimals: 18, priceUsd: '0.9987', minAmountUsd: '2', withdrawFee: '0.3', depositMin: '1', contractAddress: '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56' },
    { code: 'cake', ticker: 'cake', name: 'PancakeSwap', decimals: 8, chainDecimals: 18, priceUsd: '2.35', minAmountUsd: '2', withdrawFee: '0.1', depositMin: '0.5', contractAddress: '0x0E09FaBB73Bd3Ade0a17ECC321fD13a19e81cE82' },
  ]),
  ...listOn('trx', [
    { code: 'trx', ticker: 'trx', name: 'Tron', decimals: 6, chainDecimals: 6, priceUsd: '0.284', minAmountUsd: '2', withdrawFee: '1', depositMin: '5' },
    // No token URI for Tron is agreed (checked 2026-11): TIP-17 is the adaptive energy limit model, not a
    // payment URI (github.com/tronprotocol/tips README), and no TIP defines one; TronLink opens transfers
    // only by its own deep link for whitelisted DApps (tronlinkoutside://pull.activity, docs.tronlink.org/
    // mobile/deeplink); TokenPocket's receive QR code for Tron is the bare address (help.tokenpocket.pro/
    // developer-en/scan-protocol); Trust Wallet reads `<coin>:<address>?amount=` (community.trustwallet.com
    // /t/1390), which names no token. So USDT's QR code is the bare T… address every Tron wallet reads.
    { ...usdt, code: 'usdttrc20', name: 'Tether USD (TRC-20)', decimals: 6, chainDecimals: 6, minAmountUsd: '8', withdrawFee: '1', depositMin: '5', contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', uriScheme: null },
  ]),
  ...listOn('sol', [
    { code: 'sol', ticker: 'sol', name: 'Solana', decimals: 8, chainDecimals: 9, priceUsd: '137.5', minAmountUsd: '1', withdrawFee: '0.002', depositMin: '0.01' },
    { ...usdt, code: 'usdtsol', name: 'Tether USD (SPL)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '1', depositMin: '1', contractAddress: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' },
    { ...usdc, code: 'usdcsol', name: 'USD Coin (SPL)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '1', depositMin: '1', contractAddress: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  ]),
  ...listOn('matic', [
    { code: 'maticmainnet', aliases: ['maticpoly', 'pol'], ticker: 'pol', name: 'Polygon Ecosystem Token (POL)', decimals: 8, chainDecimals: 18, priceUsd: '0.135', minAmountUsd: '1', withdrawFee: '0.1', depositMin: '1' },
    { ...usdt, code: 'usdtmatic', name: 'Tether USD (Polygon)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '0.5', depositMin: '1', contractAddress: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F' },
    { ...usdc, code: 'usdcmatic', name: 'USD Coin (Polygon)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '0.5', depositMin: '1', contractAddress: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
  ]),
  ...listOn('avaxc', [
    { code: 'avaxc', ticker: 'avax', name: 'Avalanche (C-Chain)', decimals: 8, chainDecimals: 18, priceUsd: '14.2', minAmountUsd: '1', withdrawFee: '0.01', depositMin: '0.05' },
  ]),
  ...listOn('arbitrum', [
    { ...eth, code: 'etharb', name: 'Ethereum (Arbitrum One)', minAmountUsd: '1', withdrawFee: '0.0001', depositMin: '0.0005' },
    { ...usdt, code: 'usdtarb', name: 'Tether USD (Arbitrum One)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '0.5', depositMin: '1', contractAddress: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9' },
    { ...usdc, code: 'usdcarb', name: 'USD Coin (Arbitrum One)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '0.5', depositMin: '1', contractAddress: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831' },
  ]),
  ...listOn('op', [
    { ...eth, code: 'ethop', name: 'Ethereum (Optimism)', minAmountUsd: '1', withdrawFee: '0.0001', depositMin: '0.0005' },
    { ...usdt, code: 'usdtop', name: 'Tether USD (Optimism)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '0.5', depositMin: '1', contractAddress: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58' },
    { ...usdc, code: 'usdcop', name: 'USD Coin (Optimism)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '0.5', depositMin: '1', contractAddress: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85' },
  ]),
  ...listOn('base', [
    { ...eth, code: 'ethbase', name: 'Ethereum (Base)', minAmountUsd: '1', withdrawFee: '0.0001', depositMin: '0.0005' },
    { ...usdc, code: 'usdcbase', name: 'USD Coin (Base)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '0.5', depositMin: '1', contractAddress: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  ]),
  ...listOn('etc', [
    { code: 'etc', ticker: 'etc', name: 'Ethereum Classic', decimals: 8, chainDecimals: 18, priceUsd: '13.8', minAmountUsd: '2', withdrawFee: '0.01', depositMin: '0.1' },
  ]),
  ...listOn('ton', [
    { code: 'ton', ticker: 'ton', name: 'Toncoin', decimals: 8, chainDecimals: 9, priceUsd: '1.58', minAmountUsd: '1', withdrawFee: '0.05', depositMin: '0.2' },
    { ...usdt, code: 'usdtton', name: 'Tether USD (TON)', decimals: 6, chainDecimals: 6, minAmountUsd: '1', withdrawFee: '0.5', depositMin: '1', contractAddress: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs' },
  ]),
  ...listOn('ltc', [
    { code: 'ltc', ticker: 'ltc', name: 'Litecoin', decimals: 8, chainDecimals: 8, priceUsd: '84.5', minAmountUsd: '1', withdrawFee: '0.001', depositMin: '0.01' },
  ]),
  ...listOn('doge', [
    { code: 'doge', ticker: 'doge', name: 'Dogecoin', decimals: 8, chainDecimals: 8, priceUsd: '0.152', minAmountUsd: '1', withdrawFee: '2', depositMin: '5' },
  ]),
  ...listOn('xmr', [
    { code: 'xmr', ticker: 'xmr', name: 'Monero', decimals: 8, chainDecimals: 12, priceUsd: '385', minAmountUsd: '2', withdrawFee: '0.0005', depositMin: '0.005' },
  ]),
  ...listOn('bch', [
    { code: 'bch', ticker: 'bch', name: 'Bitcoin Cash', decimals: 8, chainDecimals: 8, priceUsd: '545', minAmountUsd: '1', withdrawFee: '0.0005', depositMin: '0.002' },
  ]),
  ...listOn('dash', [
    { code: 'dash', ticker: 'dash', name: 'Dash', decimals: 8, chainDecimals: 8, priceUsd: '55', minAmountUsd: '1', withdrawFee: '0.002', depositMin: '0.02' },
  ]),
  ...listOn('dgb', [
    { code: 'dgb', ticker: 'dgb', name: 'DigiByte', decimals: 8, chainDecimals: 8, priceUsd: '0.0068', minAmountUsd: '1', withdrawFee: '5', depositMin: '20' },
  ]),
  ...listOn('zec', [
    { code: 'zec', ticker: 'zec', name: 'Zcash', decimals: 8, chainDecimals: 8, priceUsd: '520', minAmountUsd: '2', withdrawFee: '0.0005', depositMin: '0.005' },
  ]),
  ...listOn('xrp', [
    { code: 'xrp', ticker: 'xrp', name: 'XRP', decimals: 6, chainDecimals: 6, priceUsd: '2.15', minAmountUsd: '5', withdrawFee: '0.2', depositMin: '1.5' },
  ]),
  ...listOn('ada', [
    { code: 'ada', ticker: 'ada', name: 'Cardano', decimals: 6, chainDecimals: 6, priceUsd: '0.43', minAmountUsd: '2', withdrawFee: '0.5', depositMin: '2' },
  ]),
  ...listOn('dot', [
    { code: 'dot', ticker: 'dot', name: 'Polkadot', decimals: 8, chainDecimals: 10, priceUsd: '2.45', minAmountUsd: '5', withdrawFee: '0.05', depositMin: '1.5' },
  ]),
  ...listOn('xlm', [
    { code: 'xlm', ticker: 'xlm', name: 'Stellar Lumens', decimals: 7, chainDecimals: 7, priceUsd: '0.25', minAmountUsd: '5', withdrawFee: '0.1', depositMin: '2' },
  ]),
  ...listOn('algo', [
    { code: 'algo', ticker: 'algo', name: 'Algorand', decimals: 6, chainDecimals: 6, priceUsd: '0.14', minAmountUsd: '1', withdrawFee: '0.1', depositMin: '1' },
  ]),
  ...listOn('atom', [
    { code: 'atom', ticker: 'atom', name: 'Cosmos', decimals: 6, chainDecimals: 6, priceUsd: '2.6', minAmountUsd: '1', withdrawFee: '0.01', depositMin: '0.1' },
  ]),
  ...listOn('xtz', [
    { code: 'xtz', ticker: 'xtz', name: 'Tezos', decimals: 6, chainDecimals: 6, priceUsd: '0.55', minAmountUsd: '1', withdrawFee: '0.1', depositMin: '1' },
  ]),
  ...listOn('near', [
    { code: 'near', ticker: 'near', name: 'NEAR Protocol', decimals: 8, chainDecimals: 24, priceUsd: '2.05', minAmountUsd: '1', withdrawFee: '0.01', depositMin: '0.1' },
  ]),
  ...listOn('sui', [
    { code: 'sui', ticker: 'sui', name: 'Sui', decimals: 8, chainDecimals: 9, priceUsd: '1.65', minAmountUsd: '1', withdrawFee: '0.01', depositMin: '0.1' },
  ]),
];
