// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// A 6-decimal stablecoin like USDT and USDC on Ethereum; its deployer holds the whole supply.
contract TestUsd is ERC20 {
    constructor() ERC20("Test USD", "TUSD") {
        _mint(msg.sender, 1_000_000_000 * 10 ** 6);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }
}

/// A contract paying out tokens it holds: a Transfer whose sender is a contract, as from an exchange or a smart wallet.
contract TokenPayer {
    function pay(IERC20 token, address to, uint256 amount) external {
        require(token.transfer(to, amount), "transfer failed");
    }
}
