// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {V3TokenMoves} from "./V3Interfaces.sol";

interface IV3PoolForPositions {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function fee() external view returns (uint24);
    function mint(address recipient, uint256 amount0, uint256 amount1) external returns (uint256 shares);
}

interface IApprovable {
    function approve(address spender, uint256 value) external returns (bool);
}

/// @notice The devnet's position manager: owns V3 liquidity on behalf of NFT holders, as Uniswap's
/// NonfungiblePositionManager does. Its read side answers like that manager (`positions`, `ownerOf`,
/// the `IncreaseLiquidity` and `Transfer` events), so the service reads both with one reader.
/// Positions here are full range (the devnet pool knows no other).
contract V3PositionManager {
    struct Position {
        address token0;
        address token1;
        uint24 fee;
        uint128 liquidity;
    }

    int24 private constant FULL_RANGE_TICK = 887272;

    mapping(uint256 => Position) private held;
    mapping(uint256 => address) public ownerOf;
    uint256 private nextId = 1;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1);

    /// Pulls both amounts from the caller, adds them to `pool` and gives `recipient` the position's NFT.
    function mint(address pool, uint256 amount0, uint256 amount1, address recipient) external returns (uint256 tokenId) {
        IV3PoolForPositions p = IV3PoolForPositions(pool);
        (address t0, address t1) = (p.token0(), p.token1());
        V3TokenMoves.pull(t0, msg.sender, address(this), amount0);
        V3TokenMoves.pull(t1, msg.sender, address(this), amount1);
        IApprovable(t0).approve(pool, amount0);
        IApprovable(t1).approve(pool, amount1);
        uint128 liquidity = uint128(p.mint(address(this), amount0, amount1));
        tokenId = nextId++;
        held[tokenId] = Position(t0, t1, p.fee(), liquidity);
        ownerOf[tokenId] = recipient;
        emit Transfer(address(0), recipient, tokenId);
        emit IncreaseLiquidity(tokenId, liquidity, amount0, amount1);
    }

    function transferFrom(address from, address to, uint256 tokenId) external {
        require(ownerOf[tokenId] == from && msg.sender == from, "not the owner");
        ownerOf[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function positions(uint256 tokenId)
        external
        view
        returns (uint96, address, address, address, uint24, int24, int24, uint128, uint256, uint256, uint128, uint128)
    {
        Position memory q = held[tokenId];
        require(q.token0 != address(0), "Invalid token ID");
        return (0, address(0), q.token0, q.token1, q.fee, -FULL_RANGE_TICK, FULL_RANGE_TICK, q.liquidity, 0, 0, 0, 0);
    }
}
