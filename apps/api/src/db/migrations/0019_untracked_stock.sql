-- reserved; filled in by the change that owns it
SELECT 1;
