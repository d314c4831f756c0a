import { describe, expect, it } from 'vitest'
import {
  PLUTU_RETURN_FIELDS,
  phpQuery,
  phpUrlencode,
  plutuSignedText,
  verifyPlutuReturn,
} from './plutu-hash.ts'

// The official PHP SDK's own test callbacks (getplutu/plutu-php tests/Unit/Services/*/expected_data) with the secret
// keys of its tests: a return we verify must be one Plutu's SDK verifies, and the other way round.
const LOCAL_CARDS = {
  secret: 'sk_ac63978fe4bc6defb55045fe84492021d1e87555',
  query:
    'gateway=localbankcards&approved=1&invoice_no=14022023&amount=5.00&transaction_id=100900&hashed=79CA9C64A7DF0BB5E634CFA67A90219F5A6C7197265B8732CC5372EF519F761F',
}
const MPGS = {
  secret: 'sk_caf8cdd67e554180100dbee62d57dd12eb57acbd',
  query:
    'gateway=mpgs&approved=1&amount=5.00&currency=USD&invoice_no=232323&transaction_id=100918&hashed=046F9997A41F83CA7414EE0412D8DD2C22EB5168AC4324BA82C5E4BBCEF0C880',
}

describe('Plutu return signatures (decision 0078)', () => {
  it('accepts the SDK’s own signed local-card and MPGS returns', () => {
    expect(
      verifyPlutuReturn(phpQuery(LOCAL_CARDS.query), PLUTU_RETURN_FIELDS.localbankcards, LOCAL_CARDS.secret),
    ).toBe(true)
    expect(verifyPlutuReturn(phpQuery(MPGS.query), PLUTU_RETURN_FIELDS.mpgs, MPGS.secret)).toBe(true)
  })

  it('refuses them with another key, any changed field, a reordered query, a lowercase or missing hash', () => {
    const ok = (query: string, secret = LOCAL_CARDS.secret) =>
      verifyPlutuReturn(phpQuery(query), PLUTU_RETURN_FIELDS.localbankcards, secret)
    expect(ok(LOCAL_CARDS.query, MPGS.secret)).toBe(false)
    expect(ok(LOCAL_CARDS.query.replace('amount=5.00', 'amount=0.50'))).toBe(false)
    expect(ok(LOCAL_CARDS.query.replace('invoice_no=14022023', 'invoice_no=14022024'))).toBe(false)
    expect(ok(LOCAL_CARDS.query.replace('approved=1', 'canceled=1'))).toBe(false)
    // The signed text is the fields in the order they arrive: the same fields in another order are another text.
    expect(
      ok(
        'approved=1&gateway=localbankcards&invoice_no=14022023&amount=5.00&transaction_id=100900&hashed=79CA9C64A7DF0BB5E634CFA67A90219F5A6C7197265B8732CC5372EF519F761F',
      ),
    ).toBe(false)
    expect(
      ok(LOCAL_CARDS.query.replace(/hashed=([0-9A-F]+)/, (_m, h: string) => `hashed=${h.toLowerCase()}`)),
    ).toBe(false)
    expect(ok(LOCAL_CARDS.query.replace(/&hashed=.*/, ''))).toBe(false)
    expect(ok(`${LOCAL_CARDS.query.replace(/&hashed=.*/, '')}&hashed=`)).toBe(false)
  })

  it('ignores fields Plutu does not sign, wherever they are, and reads a repeated name as PHP does', () => {
    const extra = LOCAL_CARDS.query.replace('&amount', '&utm_source=sms&amount')
    expect(
      verifyPlutuReturn(phpQuery(`lang=ar&${extra}`), PLUTU_RETURN_FIELDS.localbankcards, LOCAL_CARDS.secret),
    ).toBe(true)
    // PHP's $_GET keeps a repeated name at its first place with its last value: a forged amount first, the real one
    // last, signs as the real query did only if Plutu signed that order.
    const repeated = phpQuery('gateway=localbankcards&amount=1.00&approved=1&amount=5.00')
    expect([...repeated]).toEqual([
      ['gateway', 'localbankcards'],
      ['amount', '5.00'],
      ['approved', '1'],
    ])
  })

  it('encodes like PHP’s http_build_query', () => {
    expect(phpUrlencode('a b~c*(d)!')).toBe('a+b%7Ec%2A%28d%29%21')
    expect(phpUrlencode('ORD-261122-00042.2_x')).toBe('ORD-261122-00042.2_x')
    expect(phpUrlencode('تمر')).toBe('%D8%AA%D9%85%D8%B1')
    expect(
      plutuSignedText(
        new Map([
          ['gateway', 'localbankcards'],
          ['hashed', 'X'],
          ['invoice_no', 'a b'],
        ]),
        PLUTU_RETURN_FIELDS.localbankcards,
      ),
    ).toBe('gateway=localbankcards&invoice_no=a+b')
  })
})
