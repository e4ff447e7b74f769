import type { FiatCurrency } from './currency';

function fiat(code: string, name: string, priceUsd: string, displayPrecision = 2): FiatCurrency {
  return { kind: 'fiat', code, name, priceUsd, displayPrecision };
}

/** Late-2025 USD value of one unit of each currency. */
export const curatedFiatCurrencies: readonly FiatCurrency[] = [
  fiat('usd', 'US Dollar', '1'),
  fiat('eur', 'Euro', '1.158'),
  fiat('gbp', 'British Pound', '1.315'),
  fiat('cad', 'Canadian Dollar', '0.712'),
  fiat('aud', 'Australian Dollar', '0.648'),
  fiat('ils', 'Israeli New Shekel', '0.305'),
  fiat('ron', 'Romanian Leu', '0.2275'),
  fiat('jpy', 'Japanese Yen', '0.0064', 0),
  fiat('chf', 'Swiss Franc', '1.242'),
  fiat('cny', 'Chinese Yuan', '0.1406'),
  fiat('inr', 'Indian Rupee', '0.01125'),
  fiat('brl', 'Brazilian Real', '0.1875'),
  fiat('rub', 'Russian Ruble', '0.0124'),
  fiat('try', 'Turkish Lira', '0.02365'),
  fiat('uah', 'Ukrainian Hryvnia', '0.0238'),
  fiat('pln', 'Polish Zloty', '0.2735'),
  fiat('sek', 'Swedish Krona', '0.1055'),
  fiat('nok', 'Norwegian Krone', '0.0988'),
  fiat('czk', 'Czech Koruna', '0.0479'),
  fiat('krw', 'South Korean Won', '0.000682', 0),
  fiat('hkd', 'Hong Kong Dollar', '0.1285'),
  fiat('sgd', 'Singapore Dollar', '0.768'),
  fiat('nzd', 'New Zealand Dollar', '0.565'),
  fiat('mxn', 'Mexican Peso', '0.0544'),
  fiat('zar', 'South African Rand', '0.0578'),
  fiat('dkk', 'Danish Krone', '0.1551'),
  fiat('huf', 'Hungarian Forint', '0.002995'),
  fiat('aed', 'UAE Dirham', '0.2723'),
  fiat('sar', 'Saudi Riyal', '0.2666'),
  fiat('thb', 'Thai Baht', '0.03085'),
  fiat('idr', 'Indonesian Rupiah', '0.00006', 0),
  fiat('vnd', 'Vietnamese Dong', '0.000038', 0),
  fiat('php', 'Philippine Peso', '0.017'),
  fiat('myr', 'Malaysian Ringgit', '0.241'),
  fiat('ngn', 'Nigerian Naira', '0.00069'),
  fiat('ars', 'Argentine Peso', '0.0007'),
  fiat('kzt', 'Kazakhstani Tenge', '0.00193'),
  fiat('twd', 'New Taiwan Dollar', '0.0321'),
  fiat('clp', 'Chilean Peso', '0.00106', 0),
  fiat('egp', 'Egyptian Pound', '0.0211'),
];
