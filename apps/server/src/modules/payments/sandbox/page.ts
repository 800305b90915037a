import { formatAmount, minorToAmount } from '@app/contract';
import type { SandboxPayment } from './repository.js';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  body { margin: 0; font-family: system-ui, sans-serif; background: #f1f3f5; color: #212529; }
  main { max-width: 420px; margin: 10vh auto; background: #fff; border-radius: 16px; padding: 32px;
         box-shadow: 0 8px 30px rgba(0,0,0,.08); }
  h1 { font-size: 18px; margin: 0 0 4px; } p { color: #495057; margin: 4px 0 20px; }
  .amount { font-size: 32px; font-weight: 700; margin: 12px 0 24px; }
  form { display: inline; } button, a.button { font: inherit; font-weight: 600; border: 0; border-radius: 8px;
         padding: 12px 20px; cursor: pointer; text-decoration: none; display: inline-block; }
  .pay { background: #12b886; color: #fff; } .decline { background: #e9ecef; color: #212529; margin-left: 8px; }
  .badge { display: inline-block; background: #fff3bf; color: #8d6e00; border-radius: 6px; padding: 2px 8px;
           font-size: 12px; font-weight: 600; }
`;

/**
 * The gateway's hosted payment page: plain HTML with forms (no script), so it works under the
 * site's content security policy. Every value shown is escaped.
 */
export function renderSandboxPage(payment: SandboxPayment): string {
  const amount = `${formatAmount(minorToAmount(payment.amountMinor))} ${escapeHtml(payment.currency)}`;
  const action = `/sandbox-gateway/pay/${encodeURIComponent(payment.id)}`;
  const body =
    payment.status === 'created'
      ? `<p>Order ${escapeHtml(payment.merchantOrderId)}</p>
         <div class="amount">${amount}</div>
         <form method="post" action="${action}"><input type="hidden" name="action" value="pay">
           <button class="pay" type="submit">Pay ${amount}</button></form>
         <form method="post" action="${action}"><input type="hidden" name="action" value="decline">
           <button class="decline" type="submit">Decline</button></form>`
      : `<div class="amount">${amount}</div>
         <p>This payment is ${payment.status === 'paid' ? 'paid' : 'declined'}.</p>
         <a class="button pay" href="${escapeHtml(payment.returnUrl)}">Back to the site</a>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title><style>${STYLE}</style></head>
<body><main><span class="badge">SANDBOX · no real money</span><h1>Sandbox payment gateway</h1>${body}</main></body></html>`;
}
