import { CuratedPriceFeed } from '../src';
import { describePriceFeedContract } from '../src/testing/price-feed-contract';

describePriceFeedContract('curated catalogue', () => new CuratedPriceFeed());
