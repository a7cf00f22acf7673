import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Outlet, Link as RouterLink, matchPath, useLocation, useOutletContext } from 'react-router';
import { BuyLabelsButton } from '../../components/layout/buy-labels-button';
import { useNarrow } from '../../components/layout/use-narrow';
import { paths } from '../../config/paths';
import { useOrdersInProgressCount } from '../../features/orders/hooks/use-orders-in-progress-count';
import type { SessionHints } from '../../lib/session';

/** The tabs of My Shipments, in order, each a page of its own. */
const TABS = [
  { key: 'labels', path: paths.shipments.path, title: paths.shipments.title },
  { key: 'orders', path: paths.myOrders.path, title: paths.myOrders.title },
  { key: 'pickups', path: paths.myPickups.path, title: paths.myPickups.title },
  { key: 'batches', path: paths.labelBatches.path, title: paths.labelBatches.title },
] as const;

const tabId = (key: string) => `my-shipments-tab-${key}`;
const PANEL_ID = 'my-shipments-panel';

/**
 * My Shipments (spec 03 §2, /ShipmentParent): one card whose tabs are its lists, each at its own
 * address: Purchased Labels (/ShipmentParent/shipment, where the sidebar's entry leads), Orders In
 * Progress (/ShipmentParent/MyOrder) with how many it holds, Pickups (/ShipmentParent/pickups) and Label Batches
 * (/ShipmentParent/batches, issue 25 item 1);
 * Buy Shipment Labels beside them. A tab is a link: the browser's Back and a bookmark find it again.
 */
export function MyShipmentsLayout() {
  const session = useOutletContext<SessionHints>();
  const { pathname } = useLocation();
  const narrow = useNarrow();
  const inProgress = useOrdersInProgressCount(session.userId);
  const current = TABS.find((tab) => matchPath(tab.path, pathname)) ?? TABS[0];
  return (
    <Paper component="section" aria-label="My Shipments" variant="outlined" sx={{ minWidth: 0 }}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap-reverse',
          columnGap: 2,
          rowGap: 1.5,
          px: { xs: 1, sm: 2 },
          pt: { xs: 1.5, sm: 1 },
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        {/* Four tabs do not fit a phone side by side: there they scroll, each keeping its name whole. */}
        <Tabs
          value={current.key}
          aria-label="My Shipments"
          variant={narrow ? 'scrollable' : 'standard'}
          scrollButtons={narrow ? 'auto' : false}
          allowScrollButtonsMobile
          sx={{ flex: { xs: '1 1 100%', md: '0 1 auto' }, minWidth: 0 }}
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              id={tabId(tab.key)}
              aria-controls={PANEL_ID}
              component={RouterLink}
              to={tab.path}
              sx={{ minHeight: 56, px: { xs: 1, sm: 2 } }}
              label={
                tab.key === 'orders' && inProgress !== undefined ? (
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    {/* The space keeps the name and the count apart in the tab's text (a flex box does not show it). */}
                    {tab.title}{' '}
                    <Chip component="span" size="small" label={inProgress} color={inProgress > 0 ? 'primary' : 'default'} sx={{ height: 20, fontWeight: 600 }} />
                  </Box>
                ) : (
                  tab.title
                )
              }
            />
          ))}
        </Tabs>
        <Box sx={{ ml: 'auto', pr: { xs: 1, sm: 0 } }}>
          <BuyLabelsButton session={session} />
        </Box>
      </Box>
      <Box role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(current.key)} sx={{ p: { xs: 2, sm: 3 } }}>
        <Outlet context={session} />
      </Box>
    </Paper>
  );
}
