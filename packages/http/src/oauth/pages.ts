import type { InteractionForm } from "@helpdesk/core";

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SCOPE_DESCRIPTIONS: Record<string, string> = {
  "user:read": "Read your basic profile: name, e-mail address, role, phone, photo, organization and language",
};

const STYLE = `body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem;color:#222}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem}input[type=email],input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1.2rem;margin-right:.5rem}.error{color:#a00}.muted{color:#666;font-size:.9rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body>${body}</body></html>`;
}

function hiddenFields(form: InteractionForm): string {
  return `<input type="hidden" name="interaction" value="${escapeHtml(form.interactionId)}">` +
    `<input type="hidden" name="csrf_token" value="${escapeHtml(form.csrfToken)}">`;
}

/** The sign-in form for a pending authorization: e-mail and password of the tenant's users. */
export function loginPage(tenantName: string, form: InteractionForm, error?: string): string {
  return layout(`Sign in to ${tenantName}`, `
<h1>Sign in to ${escapeHtml(tenantName)}</h1>
<p><strong>${escapeHtml(form.client.name)}</strong> wants you to sign in with your ${escapeHtml(tenantName)} account.</p>
${error === undefined ? "" : `<p class="error" role="alert">${escapeHtml(error)}</p>`}
<form method="post" action="/authorize/login">${hiddenFields(form)}
<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`);
}

/** The consent form: who asks, for what, and where the user will be sent. */
export function consentPage(tenantName: string, form: InteractionForm): string {
  const scopes = form.scope.split(" ").map((scope) => `<li><code>${escapeHtml(scope)}</code>: ${escapeHtml(SCOPE_DESCRIPTIONS[scope] ?? scope)}</li>`);
  const who = form.user === null ? "" : `${form.user.name}${form.user.email === null ? "" : ` (${form.user.email})`}`;
  return layout(`Authorize ${form.client.name}`, `
<h1>Authorize ${escapeHtml(form.client.name)}</h1>
<p><strong>${escapeHtml(form.client.name)}</strong> would like to access your ${escapeHtml(tenantName)} account.</p>
<p>It asks to:</p><ul>${scopes.join("")}</ul>
<p class="muted">After your answer you will be sent to <strong>${escapeHtml(form.redirectHost)}</strong>.</p>
<form method="post" action="/authorize/decision">${hiddenFields(form)}
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>
<form method="post" action="/authorize/logout">${hiddenFields(form)}
<p class="muted">Signed in as ${escapeHtml(who)}. <button type="submit">Not you? Sign out</button></p>
</form>`);
}

/** An error shown to the user instead of any redirect. */
export function errorPage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}
