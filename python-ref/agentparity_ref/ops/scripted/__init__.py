"""The scripted world of the runtime fixtures: resources that do what a fixture says."""
