// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ISolidlyToken {
    function balanceOf(address owner) external view returns (uint256);
    function decimals() external view returns (uint8);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

interface ISolidlyFactoryLike {
    function getPool(address tokenA, address tokenB, bool stable) external view returns (address);
    function createPool(address tokenA, address tokenB, bool stable) external returns (address);
    function getFee(address pool, bool stable) external view returns (uint256);
}

interface ISolidlyPoolLike {
    function token0() external view returns (address);
    function getReserves() external view returns (uint256 reserve0, uint256 reserve1, uint256 blockTimestampLast);
    function getAmountOut(uint256 amountIn, address tokenIn) external view returns (uint256);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
    function mint(address to) external returns (uint256 liquidity);
}

/// @notice Token moves that accept tokens returning nothing (USDT style).
library SolidlyTokenMoves {
    function send(address token, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(ISolidlyToken.transfer, (to, value)));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "Solidly: TRANSFER_FAILED");
    }

    function pull(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory ret) = token.call(abi.encodeCall(ISolidlyToken.transferFrom, (from, to, value)));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "Solidly: TRANSFER_FROM_FAILED");
    }

    function balance(address token, address owner) internal view returns (uint256) {
        return ISolidlyToken(token).balanceOf(owner);
    }
}
