/**
 * French react-admin keys that ra-language-french (5.15.3) lacks compared with
 * ra-language-english (5.15.4), same nested shape. The difference is currently empty: the French
 * package has every English key.
 */
type NestedMessages = { readonly [key: string]: string | NestedMessages };

const messages: NestedMessages = {} as const;

export default messages;
