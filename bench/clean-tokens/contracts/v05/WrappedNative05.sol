pragma solidity ^0.5.0;

// Wrapped native coin with depositTo/withdrawTo. Supply always equals the ETH held; no owner.
contract WrappedNative05 {
    string public constant name = "Wrapped Native";
    string public constant symbol = "WNAT";
    uint8 public constant decimals = 18;
    mapping(address => uint256) private _bal;
    mapping(address => mapping(address => uint256)) private _allow;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    function() external payable { depositTo(msg.sender); }

    function deposit() external payable { depositTo(msg.sender); }

    function depositTo(address to) public payable {
        _bal[to] += msg.value;
        emit Transfer(address(0), to, msg.value);
    }

    function withdraw(uint256 amount) external { withdrawTo(msg.sender, amount); }

    function withdrawTo(address payable to, uint256 amount) public {
        require(_bal[msg.sender] >= amount, "balance");
        _bal[msg.sender] -= amount;
        emit Transfer(msg.sender, address(0), amount);
        (bool ok, ) = to.call.value(amount)("");
        require(ok, "eth transfer");
    }

    function totalSupply() external view returns (uint256) { return address(this).balance; }
    function balanceOf(address a) external view returns (uint256) { return _bal[a]; }
    function allowance(address o, address s) external view returns (uint256) { return _allow[o][s]; }

    function approve(address s, uint256 v) external returns (bool) {
        _allow[msg.sender][s] = v;
        emit Approval(msg.sender, s, v);
        return true;
    }

    function transfer(address to, uint256 v) external returns (bool) {
        _move(msg.sender, to, v);
        return true;
    }

    function transferFrom(address from, address to, uint256 v) external returns (bool) {
        if (from != msg.sender) {
            uint256 a = _allow[from][msg.sender];
            if (a != uint256(-1)) {
                require(a >= v, "allowance");
                _allow[from][msg.sender] = a - v;
            }
        }
        _move(from, to, v);
        return true;
    }

    function _move(address from, address to, uint256 v) private {
        require(_bal[from] >= v, "balance");
        _bal[from] -= v;
        _bal[to] += v;
        emit Transfer(from, to, v);
    }
}
