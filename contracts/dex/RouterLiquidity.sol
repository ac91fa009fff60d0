// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {IERC20Like, IWETH, IUniswapV2FactoryLike, IUniswapV2PairLike} from "./Interfaces.sol";
import {UniswapV2Library as Lib} from "./UniswapV2Library.sol";

/// @notice Liquidity half of the Router02 ABI (add/remove, token and native variants) plus the
/// transfer helpers the swap half shares.
abstract contract RouterLiquidity {
    address public factory;
    address public WETH;

    modifier ensure(uint256 deadline) {
        require(deadline >= block.timestamp, "UniswapV2Router: EXPIRED");
        _;
    }

    constructor(address _factory, address _WETH) {
        factory = _factory;
        WETH = _WETH;
    }

    receive() external payable {
        // Only WETH unwraps send native coin here; anything else would be stuck.
        require(msg.sender == WETH, "UniswapV2Router: ONLY_WETH");
    }

    function addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity) {
        (amountA, amountB) = _addLiquidity(tokenA, tokenB, amountADesired, amountBDesired, amountAMin, amountBMin);
        address pair = Lib.pairFor(factory, tokenA, tokenB);
        _pull(tokenA, msg.sender, pair, amountA);
        _pull(tokenB, msg.sender, pair, amountB);
        liquidity = IUniswapV2PairLike(pair).mint(to);
    }

    function addLiquidityETH(
        address token,
        uint256 amountTokenDesired,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) external payable ensure(deadline) returns (uint256 amountToken, uint256 amountETH, uint256 liquidity) {
        (amountToken, amountETH) =
            _addLiquidity(token, WETH, amountTokenDesired, msg.value, amountTokenMin, amountETHMin);
        address pair = Lib.pairFor(factory, token, WETH);
        _pull(token, msg.sender, pair, amountToken);
        _wrapTo(pair, amountETH);
        liquidity = IUniswapV2PairLike(pair).mint(to);
        if (msg.value > amountETH) _sendETH(msg.sender, msg.value - amountETH);
    }

    function removeLiquidity(
        address tokenA,
        address tokenB,
        uint256 liquidity,
        uint256 amountAMin,
        uint256 amountBMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountA, uint256 amountB) {
        address pair = Lib.pairFor(factory, tokenA, tokenB);
        IUniswapV2PairLike(pair).transferFrom(msg.sender, pair, liquidity);
        (uint256 amount0, uint256 amount1) = IUniswapV2PairLike(pair).burn(to);
        (address token0, ) = Lib.sortTokens(tokenA, tokenB);
        (amountA, amountB) = tokenA == token0 ? (amount0, amount1) : (amount1, amount0);
        require(amountA >= amountAMin, "UniswapV2Router: INSUFFICIENT_A_AMOUNT");
        require(amountB >= amountBMin, "UniswapV2Router: INSUFFICIENT_B_AMOUNT");
    }

    function removeLiquidityETH(
        address token,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) public ensure(deadline) returns (uint256 amountToken, uint256 amountETH) {
        (amountToken, amountETH) =
            removeLiquidity(token, WETH, liquidity, amountTokenMin, amountETHMin, address(this), deadline);
        _push(token, to, amountToken);
        _unwrapTo(to, amountETH);
    }

    function removeLiquidityETHSupportingFeeOnTransferTokens(
        address token,
        uint256 liquidity,
        uint256 amountTokenMin,
        uint256 amountETHMin,
        address to,
        uint256 deadline
    ) external ensure(deadline) returns (uint256 amountETH) {
        (, amountETH) = removeLiquidity(token, WETH, liquidity, amountTokenMin, amountETHMin, address(this), deadline);
        _push(token, to, IERC20Like(token).balanceOf(address(this)));
        _unwrapTo(to, amountETH);
    }

    /// @dev Creates the pair on first use, then sizes the deposit to the current price.
    function _addLiquidity(
        address tokenA,
        address tokenB,
        uint256 amountADesired,
        uint256 amountBDesired,
        uint256 amountAMin,
        uint256 amountBMin
    ) internal returns (uint256 amountA, uint256 amountB) {
        if (IUniswapV2FactoryLike(factory).getPair(tokenA, tokenB) == address(0)) {
            IUniswapV2FactoryLike(factory).createPair(tokenA, tokenB);
        }
        (uint256 reserveA, uint256 reserveB) = Lib.getReserves(factory, tokenA, tokenB);
        if (reserveA == 0 && reserveB == 0) {
            return (amountADesired, amountBDesired);
        }
        uint256 amountBOptimal = Lib.quote(amountADesired, reserveA, reserveB);
        if (amountBOptimal <= amountBDesired) {
            require(amountBOptimal >= amountBMin, "UniswapV2Router: INSUFFICIENT_B_AMOUNT");
            return (amountADesired, amountBOptimal);
        }
        uint256 amountAOptimal = Lib.quote(amountBDesired, reserveB, reserveA);
        require(amountAOptimal <= amountADesired && amountAOptimal >= amountAMin, "UniswapV2Router: INSUFFICIENT_A_AMOUNT");
        return (amountAOptimal, amountBDesired);
    }

    function _pull(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory data) =
            token.call(abi.encodeWithSelector(IERC20Like.transferFrom.selector, from, to, value));
        _requireCallOk(ok, data, "TransferHelper: TRANSFER_FROM_FAILED");
    }

    function _push(address token, address to, uint256 value) internal {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(IERC20Like.transfer.selector, to, value));
        _requireCallOk(ok, data, "TransferHelper: TRANSFER_FAILED");
    }

    function _wrapTo(address to, uint256 amount) internal {
        IWETH(WETH).deposit{value: amount}();
        require(IWETH(WETH).transfer(to, amount), "UniswapV2Router: WETH_TRANSFER_FAILED");
    }

    function _unwrapTo(address to, uint256 amount) internal {
        IWETH(WETH).withdraw(amount);
        _sendETH(to, amount);
    }

    function _sendETH(address to, uint256 value) internal {
        (bool ok, ) = to.call{value: value}("");
        require(ok, "TransferHelper: ETH_TRANSFER_FAILED");
    }

    /// @dev Surfaces the token's own revert reason (e.g. a honeypot's) instead of a generic one.
    function _requireCallOk(bool ok, bytes memory data, string memory message) private pure {
        if (!ok && data.length > 0) {
            assembly {
                revert(add(data, 32), mload(data))
            }
        }
        require(ok && (data.length == 0 || abi.decode(data, (bool))), message);
    }
}
