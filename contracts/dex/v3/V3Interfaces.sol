// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @notice What a V3-interface pool calls back on its caller to be paid (Uniswap V3 name).
interface IV3SwapCallback {
    function uniswapV3SwapCallback(int256 amount0Delta, int256 amount1Delta, bytes calldata data) external;
}

interface IV3Token {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

interface IV3PoolLike {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes calldata data)
        external
        returns (int256 amount0, int256 amount1);
}

interface IV3FactoryLike {
    function getPool(address tokenA, address tokenB, uint24 fee) external view returns (address);
}

/// @notice Low-level token moves that accept tokens returning nothing (USDT style).
library V3TokenMoves {
    function send(address token, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IV3Token.transfer, (to, value)));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "V3: TRANSFER_FAILED");
    }

    function pull(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(IV3Token.transferFrom, (from, to, value)));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "V3: TRANSFER_FROM_FAILED");
    }

    function balance(address token, address owner) internal view returns (uint256) {
        return IV3Token(token).balanceOf(owner);
    }
}
