pragma solidity ^0.4.24;

// No totalSupply() getter: the supply is exposed as totalTokens(). Holders may burn their own.
contract TotalTokensCoin {
    string public constant name = "Total Tokens Coin";
    string public constant symbol = "TTC";
    uint8 public constant decimals = 6;

    uint256 private tokens;
    mapping(address => uint256) private ledger;
    mapping(address => mapping(address => uint256)) private approvals;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Burn(address indexed burner, uint256 value);

    constructor() public {
        tokens = 1e15;
        ledger[msg.sender] = tokens;
        emit Transfer(address(0), msg.sender, tokens);
    }

    function totalTokens() external view returns (uint256) { return tokens; }
    function balanceOf(address a) external view returns (uint256) { return ledger[a]; }
    function allowance(address a, address s) external view returns (uint256) { return approvals[a][s]; }

    function transfer(address to, uint256 v) external returns (bool) {
        return move(msg.sender, to, v);
    }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        uint256 a = approvals[from][msg.sender];
        require(a >= v, "allowance");
        approvals[from][msg.sender] = a - v;
        return move(from, to, v);
    }

    function approve(address s, uint256 v) external returns (bool) {
        approvals[msg.sender][s] = v;
        emit Approval(msg.sender, s, v);
        return true;
    }

    // Decoy: burns only the caller's own balance.
    function burn(uint256 v) external {
        require(ledger[msg.sender] >= v && tokens >= v, "balance");
        ledger[msg.sender] -= v;
        tokens -= v;
        emit Burn(msg.sender, v);
        emit Transfer(msg.sender, address(0), v);
    }

    function move(address from, address to, uint256 v) private returns (bool) {
        uint256 b = ledger[from];
        require(b >= v, "balance");
        ledger[from] = b - v;
        uint256 t = ledger[to] + v;
        require(t >= v, "overflow");
        ledger[to] = t;
        emit Transfer(from, to, v);
        return true;
    }
}
