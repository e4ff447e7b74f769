// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// A stablecoin like USDT: 6 decimals on Ethereum, 18 on BNB Smart Chain. Its deployer holds the whole supply.
contract TestUsd is ERC20 {
    uint8 private immutable _decimals;

    constructor(uint8 decimals_) ERC20("Test USD", "TUSD") {
        _decimals = decimals_;
        _mint(msg.sender, 1_000_000_000 * 10 ** decimals_);
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }
}

/// A contract paying out tokens it holds: a Transfer whose sender is a contract, as from an exchange or a smart wallet.
contract TokenPayer {
    function pay(IERC20 token, address to, uint256 amount) external {
        require(token.transfer(to, amount), "transfer failed");
    }
}
