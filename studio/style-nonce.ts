import { cache } from "@keystar/ui/style";

// Imported first by main.tsx: Keystar UI writes global styles as soon as its modules load, and the
// studio CSP takes a <style> only with this response's nonce (the server puts it in this meta tag,
// where react-aria looks for it too).
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content;
if (nonce) cache.sheet.nonce = nonce;
