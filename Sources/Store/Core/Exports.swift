@_exported public import ReMVVMViewModelFactory
