pragma solidity ^0.4.24;

// Airdrop pool held by the token itself; pause() only stops claim(), never transfers.
contract ClaimDrop04 {
    string public name = "Claim Drop";
    string public symbol = "DROP";
    uint8 public decimals = 18;
    uint256 public totalSupply;
    uint256 public constant CLAIM_AMOUNT = 100 ether;
    address public owner;
    bool public claimsPaused;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public claimed;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event ClaimsPaused(bool paused);

    constructor() public {
        owner = msg.sender;
        totalSupply = 1000000000 ether;
        balanceOf[msg.sender] = totalSupply / 2;
        balanceOf[address(this)] = totalSupply - totalSupply / 2;
    }

    // Decoys: pause/unpause gate only the airdrop claim.
    function pause() external {
        require(msg.sender == owner);
        claimsPaused = true;
        emit ClaimsPaused(true);
    }

    function unpause() external {
        require(msg.sender == owner);
        claimsPaused = false;
        emit ClaimsPaused(false);
    }

    // Pays a fixed amount out of the pool the contract itself holds; once per address.
    function claim() external {
        require(!claimsPaused && !claimed[msg.sender]);
        require(balanceOf[address(this)] >= CLAIM_AMOUNT);
        claimed[msg.sender] = true;
        _move(address(this), msg.sender, CLAIM_AMOUNT);
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _move(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        require(allowance[from][msg.sender] >= value);
        allowance[from][msg.sender] -= value;
        _move(from, to, value);
        return true;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function _move(address from, address to, uint256 value) internal {
        require(balanceOf[from] >= value);
        balanceOf[from] -= value;
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
