/** The route label of a request no route matched (404s): one value, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Methods kept as labels; anything else is counted as OTHER. */
export const HTTP_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A JSON-RPC method name as our code sends them (eth_call, anvil_mine …); anything else is `other`. */
const RPC_METHOD = /^[a-z][a-z0-9]{0,15}_[A-Za-z0-9]{1,48}$/;

/** The method as a label: the names are ours, but the label stays bounded even if one were not. */
export function boundedRpcMethod(method: string): string {
  return RPC_METHOD.test(method) ? method : 'other';
}
