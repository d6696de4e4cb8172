/** A program's text as it may stand inside an inline `<script>`: no `</script` or `<!--` in it can end or bend the element. */
export const inlineScript = (code: string): string => code.replace(/<(\/script|!--)/gi, '<\\$1');
