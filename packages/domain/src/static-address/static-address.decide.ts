import type { Command } from '../messages';
import { defineAggregate } from '../aggregate';
import { DomainError, assertNever } from '../errors';
import { isPositive } from '../money';
import {
  STATIC_ADDRESS_EVENT_TYPES,
  evolveStaticAddress,
  initialStaticAddress,
  type StaticAddress,
  type StaticAddressEvent,
  type StaticAddressTerms,
  type StaticDeposit,
} from './static-address';

export type OpenStaticAddress = Command<'OpenStaticAddress', StaticAddressTerms>;
/** A deposit to the address; `paymentId` is the payment it opens if it is credited. */
export type RecordStaticDeposit = Command<'RecordStaticDeposit', StaticDeposit & { paymentId: number }>;
export type RevokeStaticAddress = Command<'RevokeStaticAddress', Record<string, never>>;
export type StaticAddressCommand = OpenStaticAddress | RecordStaticDeposit | RevokeStaticAddress;

export function decideStaticAddress(
  command: StaticAddressCommand,
  state: StaticAddress,
): StaticAddressEvent[] {
  switch (command.type) {
    case 'OpenStaticAddress':
      if (state.status !== 'none')
        throw new DomainError('STREAM_ALREADY_EXISTS', 'static address already exists');
      return [{ type: 'StaticAddressOpened', data: command.data }];
    case 'RecordStaticDeposit': {
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'static address not found');
      const { paymentId, ...deposit } = command.data;
      // A deposit reported again (a rescan, a restart) was decided the first time.
      if (Object.hasOwn(state.deposits, deposit.depositId)) return [];
      if (!isPositive(deposit.amount))
        throw new DomainError('INVALID_AMOUNT', 'a deposit is a positive amount');
      if (!state.terms.payCurrencies.includes(deposit.payCurrency))
        throw new DomainError('UNKNOWN_CURRENCY', `${deposit.payCurrency} is not taken at this address`);
      const at = command.metadata.now;
      return state.status === 'revoked'
        ? [{ type: 'StaticDepositRefused', data: { ...deposit, at } }]
        : [{ type: 'StaticDepositCredited', data: { ...deposit, paymentId, at } }];
    }
    case 'RevokeStaticAddress':
      if (state.status === 'none') throw new DomainError('NOT_FOUND', 'static address not found');
      if (state.status === 'revoked') return [];
      return [{ type: 'StaticAddressRevoked', data: { at: command.metadata.now } }];
    default:
      return assertNever(command);
  }
}

export const staticAddressAggregate = defineAggregate<
  'static',
  StaticAddressCommand,
  StaticAddressEvent,
  StaticAddress
>({
  name: 'static',
  commandTypes: { OpenStaticAddress: true, RecordStaticDeposit: true, RevokeStaticAddress: true },
  eventTypes: STATIC_ADDRESS_EVENT_TYPES,
  decide: decideStaticAddress,
  evolve: evolveStaticAddress,
  initialState: initialStaticAddress,
});
