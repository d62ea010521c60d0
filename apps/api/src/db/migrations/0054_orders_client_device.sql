-- Unpaid caps per device and address together (issue 40): the placing browser's buyer-device
-- cookie, so an order's hold leaves the device's count when it ends, as it leaves the address's.
ALTER TABLE "orders" ADD COLUMN "client_device" text;
