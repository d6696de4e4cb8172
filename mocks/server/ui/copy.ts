/** Copies to the clipboard: the Clipboard API where allowed, else a selection (plain HTTP to another host has no Clipboard API). */
async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, no focus): the older way below.
    }
  }
  const area = document.createElement('textarea');
  area.readOnly = true;
  area.className = 'offscreen';
  area.value = text;
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  return copied;
}

/** A button that copies `text` and says on itself that it did. */
export function copyButton(text: string, label = 'Copy', id?: string): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy';
  button.textContent = label;
  if (id !== undefined) button.id = id;
  button.addEventListener('click', () => {
    void copyText(text).then((copied) => {
      button.textContent = copied ? 'Copied' : 'Copy failed: select it';
    });
  });
  return button;
}
