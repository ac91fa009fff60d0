// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {ISolidlyFactoryLike, ISolidlyToken, SolidlyTokenMoves} from "./SolidlyInterfaces.sol";

/// @notice A Solidly-style pool with the Aerodrome / Velodrome V2 pool interface: volatile pools
/// keep x·y = k, stable pools x³y + xy³ = k (on amounts scaled to 18 decimals). The fee (the
/// factory's, in basis points) is taken from the input and stays in the pool. The pool is its own
/// LP token. Set up by its factory (initialize), so every pool runs the same code.
contract SolidlyPool {
    string public name;
    string public symbol;
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    uint256 internal constant MINIMUM_LIQUIDITY = 1_000;

    address public factory;
    address public token0;
    address public token1;
    bool public stable;
    uint256 internal decimals0;
    uint256 internal decimals1;
    uint256 public reserve0;
    uint256 public reserve1;
    uint256 public blockTimestampLast;
    uint256 private unlocked = 1;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Mint(address indexed sender, uint256 amount0, uint256 amount1);
    event Swap(address indexed sender, address indexed to, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out);
    event Sync(uint256 reserve0, uint256 reserve1);

    modifier lock() {
        require(unlocked == 1, "locked");
        unlocked = 0;
        _;
        unlocked = 1;
    }

    function initialize(address token0_, address token1_, bool stable_) external {
        require(factory == address(0), "already initialized");
        (factory, token0, token1, stable) = (msg.sender, token0_, token1_, stable_);
        decimals0 = 10 ** ISolidlyToken(token0_).decimals();
        decimals1 = 10 ** ISolidlyToken(token1_).decimals();
        name = stable_ ? "Stable AMM" : "Volatile AMM";
        symbol = stable_ ? "sAMM" : "vAMM";
    }

    function getReserves() public view returns (uint256, uint256, uint256) {
        return (reserve0, reserve1, blockTimestampLast);
    }

    /// What `amountIn` of `tokenIn` buys now, after the fee.
    function getAmountOut(uint256 amountIn, address tokenIn) external view returns (uint256) {
        amountIn -= (amountIn * _fee()) / 10_000;
        return _amountOut(amountIn, tokenIn, reserve0, reserve1);
    }

    /// LP tokens for what was sent in since the last sync.
    function mint(address to) external lock returns (uint256 liquidity) {
        uint256 balance0 = SolidlyTokenMoves.balance(token0, address(this));
        uint256 balance1 = SolidlyTokenMoves.balance(token1, address(this));
        uint256 amount0 = balance0 - reserve0;
        uint256 amount1 = balance1 - reserve1;
        if (totalSupply == 0) {
            liquidity = _sqrt(amount0 * amount1) - MINIMUM_LIQUIDITY;
            _mintLp(address(1), MINIMUM_LIQUIDITY);
        } else {
            liquidity = _min((amount0 * totalSupply) / reserve0, (amount1 * totalSupply) / reserve1);
        }
        require(liquidity > 0, "insufficient liquidity minted");
        _mintLp(to, liquidity);
        _update(balance0, balance1);
        emit Mint(msg.sender, amount0, amount1);
    }

    /// Sends the outputs first; the caller must have sent enough input for k to hold after the fee.
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external lock {
        require(amount0Out > 0 || amount1Out > 0, "insufficient output amount");
        (uint256 r0, uint256 r1) = (reserve0, reserve1);
        require(amount0Out < r0 && amount1Out < r1, "insufficient liquidity");
        require(to != token0 && to != token1, "invalid to");
        require(data.length == 0, "no hooks");
        if (amount0Out > 0) SolidlyTokenMoves.send(token0, to, amount0Out);
        if (amount1Out > 0) SolidlyTokenMoves.send(token1, to, amount1Out);
        (uint256 amount0In, uint256 amount1In) = _settle(r0 - amount0Out, r1 - amount1Out, r0, r1);
        emit Swap(msg.sender, to, amount0In, amount1In, amount0Out, amount1Out);
    }

    /// Inputs are what arrived beyond the reserves left after the outputs; k must hold net of the fee.
    function _settle(uint256 left0, uint256 left1, uint256 r0, uint256 r1) private returns (uint256 amount0In, uint256 amount1In) {
        uint256 balance0 = SolidlyTokenMoves.balance(token0, address(this));
        uint256 balance1 = SolidlyTokenMoves.balance(token1, address(this));
        amount0In = balance0 > left0 ? balance0 - left0 : 0;
        amount1In = balance1 > left1 ? balance1 - left1 : 0;
        require(amount0In > 0 || amount1In > 0, "insufficient input amount");
        uint256 fee = _fee();
        require(_k(balance0 - (amount0In * fee) / 10_000, balance1 - (amount1In * fee) / 10_000) >= _k(r0, r1), "K");
        _update(balance0, balance1);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _moveLp(msg.sender, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - value;
        _moveLp(from, to, value);
        return true;
    }

    function _fee() private view returns (uint256) {
        return ISolidlyFactoryLike(factory).getFee(address(this), stable);
    }

    function _amountOut(uint256 amountIn, address tokenIn, uint256 r0, uint256 r1) private view returns (uint256) {
        bool in0 = tokenIn == token0;
        require(in0 || tokenIn == token1, "not a pool token");
        (uint256 reserveIn, uint256 reserveOut) = in0 ? (r0, r1) : (r1, r0);
        if (!stable) return (amountIn * reserveOut) / (reserveIn + amountIn);
        (uint256 scaleIn, uint256 scaleOut) = in0 ? (decimals0, decimals1) : (decimals1, decimals0);
        uint256 k = _k(r0, r1);
        uint256 x = ((reserveIn + amountIn) * 1e18) / scaleIn;
        uint256 yBefore = (reserveOut * 1e18) / scaleOut;
        uint256 y = _solveY(x, k, yBefore);
        // Round the remaining reserve up, so the output never breaks k.
        uint256 remaining = (y * scaleOut + 1e18 - 1) / 1e18;
        return remaining >= reserveOut ? 0 : reserveOut - remaining;
    }

    /// The invariant on 18-decimal amounts: x·y for volatile pools, x³y + xy³ for stable ones.
    function _k(uint256 balance0, uint256 balance1) private view returns (uint256) {
        if (!stable) return balance0 * balance1;
        uint256 x = (balance0 * 1e18) / decimals0;
        uint256 y = (balance1 * 1e18) / decimals1;
        return _stableK(x, y);
    }

    function _stableK(uint256 x, uint256 y) private pure returns (uint256) {
        uint256 xy = (x * y) / 1e18;
        uint256 squares = (x * x) / 1e18 + (y * y) / 1e18;
        return (xy * squares) / 1e18;
    }

    /// Smallest y with stableK(x, y) >= k, by Newton's method from `guess`, then stepped up.
    function _solveY(uint256 x, uint256 k, uint256 guess) private pure returns (uint256 y) {
        y = guess;
        for (uint256 i = 0; i < 255; i++) {
            uint256 current = _stableK(x, y);
            // d/dy of x·y³ + x³·y on the 1e18 scale: 3·x·y² + x³
            uint256 slope = (3 * x * ((y * y) / 1e18)) / 1e18 + (((x * x) / 1e18) * x) / 1e18;
            if (slope == 0) break;
            uint256 step;
            if (current < k) {
                step = ((k - current) * 1e18) / slope + 1;
                y += step;
            } else {
                step = ((current - k) * 1e18) / slope;
                if (step == 0) break;
                y = step >= y ? 0 : y - step;
            }
            if (step <= 1) break;
        }
        while (_stableK(x, y) < k) y++;
    }

    function _update(uint256 balance0, uint256 balance1) private {
        (reserve0, reserve1, blockTimestampLast) = (balance0, balance1, block.timestamp);
        emit Sync(balance0, balance1);
    }

    function _mintLp(address to, uint256 value) private {
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _moveLp(address from, address to, uint256 value) private {
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }

    function _sqrt(uint256 y) private pure returns (uint256 z) {
        if (y > 3) {
            z = y;
            uint256 x = y / 2 + 1;
            while (x < z) {
                z = x;
                x = (y / x + x) / 2;
            }
        } else if (y != 0) {
            z = 1;
        }
    }

    function _min(uint256 a, uint256 b) private pure returns (uint256) {
        return a < b ? a : b;
    }
}
