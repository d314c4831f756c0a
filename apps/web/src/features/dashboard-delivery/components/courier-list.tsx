import { useCan } from '../../../lib/auth/permissions.ts'
import { Truck } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Courier } from '@shop/shared/schemas/delivery'
import { ListScreen } from '../../../components/data-list/data-list.tsx'
import { useToggleActive } from '../../../components/data-list/row-actions.ts'
import { useDataList } from '../../../components/data-list/use-data-list.ts'
import { changedBy } from '../../../lib/dashboard-keys.ts'
import { courierListQuery, setCourierActive } from '../api/couriers-api.ts'
import { CourierAccountDialog } from './courier-account-dialog.tsx'
import { courierColumns, type CourierAction } from './courier-columns.tsx'
import { CourierFormDialog } from './courier-form-dialog.tsx'
import { DeliverySheetDialog } from './delivery-sheet-dialog.tsx'
import { DriverLinkDialog } from './driver-link-dialog.tsx'

type Open = { action: CourierAction | 'add'; id: number | null } | null

/** The couriers, active first, with one dialog at a time for the courier a row's button names. */
export function CourierList({ children }: { children?: ReactNode }) {
  const { t, i18n } = useTranslation('dashboard')
  const [open, setOpen] = useState<Open>(null)
  const list = useDataList({ query: courierListQuery, getRowId: (c) => c.id, paged: false })
  const toggle = useToggleActive<Courier>(setCourierActive, changedBy.courier)
  // The row as the list holds it now (a dialog's write refreshes the list, and the dialog follows).
  const courier = open?.id ? (list.rows.find((c) => c.id === open.id) ?? null) : null
  const close = () => setOpen(null)
  const manages = useCan()('delivery.manage')
  const columns = courierColumns(
    t,
    i18n.language,
    { busy: toggle.isBusy, run: toggle.run },
    (action, c) => setOpen({ action, id: c.id }),
    manages,
  )

  return (
    <ListScreen
      title={t('delivery.title')}
      description={t('delivery.description')}
      add={
        manages
          ? { label: t('delivery.add'), onClick: () => setOpen({ action: 'add', id: null }) }
          : undefined
      }
      list={list}
      columns={columns}
      rowName={(c) => c.name}
      loadFailed={t('delivery.load_failed')}
      empty={{
        title: t('delivery.empty'),
        text: t('delivery.empty_text'),
        icon: <Truck className="size-10" aria-hidden="true" />,
      }}
    >
      <CourierFormDialog
        open={open?.action === 'add' || (open?.action === 'edit' && courier !== null)}
        courier={open?.action === 'edit' ? courier : null}
        onClose={close}
      />
      <DriverLinkDialog courier={open?.action === 'link' ? courier : null} onClose={close} />
      <CourierAccountDialog courier={open?.action === 'account' ? courier : null} onClose={close} />
      <DeliverySheetDialog courier={open?.action === 'sheet' ? courier : null} onClose={close} />
      {children}
    </ListScreen>
  )
}
