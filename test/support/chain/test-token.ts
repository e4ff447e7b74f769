import { readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeFunctionData, type Abi, type Address, type Hash, type Hex } from 'viem';
import solc from 'solc';
import type { AnvilNode } from './anvil-node';

interface Compiled {
  abi: Abi;
  evm: { bytecode: { object: string } };
}

const SOURCE = path.join(__dirname, 'contracts', 'TestUsd.sol');

let compiled: Record<'TestUsd' | 'TokenPayer', Compiled> | undefined;

/** TestUsd.sol compiled with solc-js once per test file (seconds each time), OpenZeppelin's sources read from node_modules (no download). */
function compile(): Record<'TestUsd' | 'TokenPayer', Compiled> {
  compiled ??= compileSource();
  return compiled;
}

function compileSource(): Record<'TestUsd' | 'TokenPayer', Compiled> {
  const input = {
    language: 'Solidity',
    sources: { 'TestUsd.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: {
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const findImports = (importPath: string) => {
    try {
      return { contents: readFileSync(require.resolve(importPath), 'utf8') };
    } catch {
      return { error: `not found: ${importPath}` };
    }
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, Compiled>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contracts = output.contracts['TestUsd.sol']!;
  return { TestUsd: contracts.TestUsd!, TokenPayer: contracts.TokenPayer! };
}

/** Who sends a token transfer: the buyer's own account (an EOA), or a contract the buyer calls. */
export type TokenSender = 'account' | 'contract';

/**
 * A stablecoin ERC-20 (6 decimals like USDT on Ethereum, or 18 like BEP-20 USDT) deployed on a private
 * anvil by its buyer account, and a contract that pays it out: the token side of the EVM tests, sent with
 * viem (no hand-written ABI encoding).
 */
export class TestToken {
  private constructor(
    private readonly node: AnvilNode,
    readonly address: Address,
    readonly decimals: number,
    private readonly abi: Abi,
    readonly payer: Address,
    private readonly payerAbi: Abi,
  ) {}

  static async deploy(node: AnvilNode, decimals = 6): Promise<TestToken> {
    const contracts = compile();
    const deploy = async (contract: Compiled, args: unknown[]) => {
      const hash = await node.clients.buyer.deployContract({
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}` as Hex,
        args,
      });
      const receipt = await node.clients.buyer.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      return receipt.contractAddress!;
    };
    const token = new TestToken(
      node,
      await deploy(contracts.TestUsd, [decimals]),
      decimals,
      contracts.TestUsd.abi,
      await deploy(contracts.TokenPayer, []),
      contracts.TokenPayer.abi,
    );
    // The paying contract holds tokens of its own to send.
    await token.transfer(token.payer, 1_000_000n * 10n ** BigInt(decimals));
    return token;
  }

  /** A transfer from the buyer's own account (an EOA). */
  transfer(to: string, units: bigint): Promise<Hash> {
    return this.send(to, units, 'account');
  }

  /** A transfer whose sender is the TokenPayer contract: the buyer's transaction goes to the contract, not the token. */
  transferFromContract(to: string, units: bigint): Promise<Hash> {
    return this.send(to, units, 'contract');
  }

  /** Sends `units` to `to` from `sender`; resolves once mined, with the transaction hash. */
  async send(to: string, units: bigint, sender: TokenSender): Promise<Hash> {
    const hash = await this.node.broadcast(await this.sign(to, units, sender));
    const receipt = await this.node.clients.buyer.getTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`token transaction ${hash} reverted`);
    return hash;
  }

  /**
   * Someone else's signed transaction having the paying contract send `units` to `to`: one more
   * Transfer log, to put before the buyer's in a block.
   */
  async signStrangersPayout(to: string, units: bigint): Promise<Hex> {
    const { stranger } = this.node.clients;
    const request = await stranger.prepareTransactionRequest({
      to: this.payer,
      data: encodeFunctionData({ abi: this.payerAbi, functionName: 'pay', args: [this.address, to, units] }),
    });
    return stranger.signTransaction(request);
  }

  /** The buyer's signed transaction sending `units` to `to` from `sender`, to broadcast (again, after a reorganisation). */
  async sign(to: string, units: bigint, sender: TokenSender): Promise<Hex> {
    const call =
      sender === 'account'
        ? {
            to: this.address,
            data: encodeFunctionData({ abi: this.abi, functionName: 'transfer', args: [to, units] }),
          }
        : {
            to: this.payer,
            data: encodeFunctionData({
              abi: this.payerAbi,
              functionName: 'pay',
              args: [this.address, to, units],
            }),
          };
    const request = await this.node.clients.buyer.prepareTransactionRequest(call);
    return this.node.clients.buyer.signTransaction(request);
  }
}
