import { phoneRuns } from '../scenarios/web-phone.ts'
const url = process.argv[2] ?? 'http://127.0.0.1:3100'
const list = (await (await fetch(`${url}/api/products?active=true&in_stock=true&per_page=1`)).json()) as {
  data: { slug: string }[]
}
console.log(
  JSON.stringify(await phoneRuns(url, `/products/${list.data[0]!.slug}`, Number(process.argv[3] ?? 1))),
)
