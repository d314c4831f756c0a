import { useMutation } from '@tanstack/react-query'
import { Printer } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button.tsx'
import { toast } from '../../../lib/toast.ts'
import { packingSlipHtml } from '../api/shipments-api.ts'
import { printHtml } from '../../../lib/print-html.ts'

/** Issue 42: the packing slip that goes in the box (what is in it, who it is for, the amount to collect). */
export function PackingSlipButton({ orderId }: { orderId: number }) {
  const { t } = useTranslation('dashboard')
  const slip = useMutation({
    mutationFn: () => packingSlipHtml(orderId),
    onSuccess: printHtml,
    onError: (err) => toast.error(t('orders.shipment.print_failed', { message: err.message })),
  })
  return (
    <Button
      variant="secondary"
      size="sm"
      busy={slip.isPending}
      icon={<Printer className="size-4" aria-hidden="true" />}
      onClick={() => slip.mutate()}
    >
      {slip.isPending ? t('orders.shipment.printing') : t('orders.shipment.print_slip')}
    </Button>
  )
}
