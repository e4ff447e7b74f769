import { EVM_CHAINS, EVM_WATCHED_NETWORKS } from '@gw/platform';
import { curatedCatalogue } from '@gw/pricing';

describe('the EVM networks the watchers follow', () => {
  it('default to the catalogue stablecoin contracts, 6 decimals on Ethereum and Polygon, 18 on BSC', () => {
    for (const network of EVM_WATCHED_NETWORKS) {
      for (const { coin, contract } of Object.values(EVM_CHAINS[network].tokens)) {
        expect(curatedCatalogue.cryptoCurrencies.find((c) => c.code === coin)).toMatchObject({
          network,
          contractAddress: contract,
          chainDecimals: network === 'bsc' ? 18 : 6,
        });
      }
    }
  });

  it('name catalogue native coins and chain ids', () => {
    for (const network of EVM_WATCHED_NETWORKS) {
      const { nativeCoin, chainId } = EVM_CHAINS[network];
      expect(curatedCatalogue.cryptoCurrencies.find((c) => c.code === nativeCoin)).toMatchObject({
        network,
        contractAddress: null,
        chainDecimals: 18,
        evmChainId: chainId,
      });
    }
  });
});
