"""The rulebook's numbers as frozen records: values, tables, outcomes and combat."""
