// Decision 0096: what a shopper typed (name, address, a cancellation reason) is shown in mails to the shopper and to
// staff, where mail programs turn anything that looks like an address into a link ("Win a prize at http://…"). The
// characters that make an address an address are bracketed the way security notices quote dangerous links
// (`evil[.]com`, `http[:]//`, `name[@]mail`): still readable, never a link, in the text part and the HTML part alike.

const DOTS = '.\u3002\uFF0E\uFF61'

/** The text with every web address, mail address and scheme broken so that no mail program links it. */
export function unlinkable(text: string): string {
  return (
    text
      // A scheme (`http:`, `https:`, `mailto:`, `ftp:`…) before `//` or an address.
      .replace(/([A-Za-z][A-Za-z0-9+.-]*):(?=\/\/|[^\s/]+@)/g, '$1[:]')
      // `user@host`: the at sign between two visible characters.
      .replace(/(?<=\S)[@\uFF20](?=\S)/g, '[@]')
      // `host.tld`, `www.x`, `1.2.3.4`: a dot (or a full-width or ideographic one) inside a word.
      .replace(new RegExp(`(?<=[\\p{L}\\p{N}_-])[${DOTS}](?=[A-Za-z0-9\\p{L}])`, 'gu'), '[.]')
  )
}
